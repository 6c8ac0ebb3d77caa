import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { SiteLayout } from './components/SiteLayout';
import { loadMessages, localeOfPath, type CatalogPart } from './i18n/locale';
import { Spinner } from './components/Spinner';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { NotFoundPage } from './pages/NotFoundPage';
import LandingPage from './pages/LandingPage';

/**
 * A route whose module loads on first visit. The landing page and the frame are in the entry chunk; everything
 * else, and above all the portal (Apollo Client, sweetalert2), comes in its own chunk.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>, parts: CatalogPart[] = []) {
  return async () => {
    const [page] = await Promise.all([load(), loadMessages(localeOfPath(window.location.pathname), parts)]);
    return { Component: page.default };
  };
}

const signInPage = lazyPage(() => import('./pages/SignInPage'));
const paymentReturnPage = lazyPage(() => import('./pages/PaymentReturnPage'));

/** The device portal's routes. They need Apollo and the user session around them (see PortalRoot). */
export const portalRoutes: RouteObject[] = [
  { path: 'login', lazy: signInPage },
  { path: 'device/login', lazy: signInPage },
  // A TV's link code (its QR code opens this page): the owner approves it.
  { path: 'link', lazy: lazyPage(() => import('./pages/LinkPage')) },
  // Where payment providers send the owner back: on to the dashboard with the outcome.
  { path: 'cowpayReturnUrl', lazy: paymentReturnPage },
  { path: 'activation/crypto/redirect', lazy: paymentReturnPage },
  { path: 'device/playlists', lazy: paymentReturnPage },
  { path: 'cowpay/checkout/:framCode/:intension', lazy: lazyPage(() => import('./pages/CowpayCheckoutPage')) },
  {
    path: 'dashboard',
    lazy: lazyPage(() => import('./pages/dashboard/DashboardLayout')),
    children: [
      { index: true, lazy: lazyPage(() => import('./pages/dashboard/ManagePlaylistsPage')) },
      { path: 'edit/:id', lazy: lazyPage(() => import('./pages/dashboard/EditPlaylistPage')) },
      { path: 'active-device', lazy: lazyPage(() => import('./pages/dashboard/ActivateDevicePage')) },
      { path: 'device-key', lazy: lazyPage(() => import('./pages/dashboard/DeviceKeyPage')) },
      { path: 'parent-pin', lazy: lazyPage(() => import('./pages/dashboard/ParentPinPage')) },
      { path: 'account', lazy: lazyPage(() => import('./pages/dashboard/AccountPage')) },
      { path: 'switch-mac', lazy: lazyPage(() => import('./pages/dashboard/SwitchMacPage')) },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** Every route of the site. */
export const routes: RouteObject[] = [
  {
    Component: SiteLayout,
    HydrateFallback: () => <Spinner />,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        // The landing page's code is here from the start, its words in another language are not.
        lazy: async () => {
          await loadMessages(localeOfPath(window.location.pathname), ['landing']);
          return { Component: LandingPage };
        },
      },
      { path: 'contact', lazy: lazyPage(() => import('./pages/ContactPage')) },
      { path: 'terms-and-conditions', lazy: lazyPage(() => import('./pages/TermsPage'), ['legal']) },
      { path: 'privacy-policy', lazy: lazyPage(() => import('./pages/PrivacyPage'), ['legal']) },
      { lazy: lazyPage(() => import('./pages/PortalRoot')), children: portalRoutes },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
