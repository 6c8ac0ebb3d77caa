import { useEffect, useMemo, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useApolloClient } from '@apollo/client/react';
import { useCurrentDeviceQuery, useLogoutMutation } from '../../__generated__/hooks';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Spinner } from '../../components/Spinner';
import { useSignedInDevice, useUser } from '../../hooks/useUser';
import { usePageHead } from '../../hooks/usePageHead';
import { alertError, useDialogLanguage } from '../../lib/alerts';
import type { PaymentFlash } from '../PaymentReturnPage';
import '../../styles/dashboard.css';

const SIGN_IN_PATH = '/device/login';

interface MenuItem {
  label: MessageDescriptor;
  to: string;
  /** Active on its own path only, not below it. */
  end?: boolean;
  /** Other paths it stands for. */
  also?: RegExp;
}

/** The entry of the screen shown, and of the screens it opens (the playlist editor is Manage Playlists'). */
function isActive(item: MenuItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (item.also?.test(path)) return true;
  return item.end ? path === item.to : path === item.to || path.startsWith(`${item.to}/`);
}

const LABELS = defineMessages({
  playlists: { id: 'dashboard.menu.playlists', defaultMessage: 'Manage Playlists' },
  activate: { id: 'dashboard.menu.activateDevice', defaultMessage: 'Activate Device' },
  deviceKey: { id: 'dashboard.menu.deviceKey', defaultMessage: 'Device Key' },
  parentPin: { id: 'dashboard.menu.parentPin', defaultMessage: 'Parent PIN' },
  account: { id: 'dashboard.menu.account', defaultMessage: 'Account Details' },
  switchMac: { id: 'dashboard.menu.switchMac', defaultMessage: 'Switch MAC' },
  linkTv: { id: 'dashboard.menu.linkTv', defaultMessage: 'Link a TV' },
});

const MENU: MenuItem[] = [
  { label: LABELS.playlists, to: '/dashboard', end: true, also: /^\/dashboard\/edit\// },
  { label: LABELS.activate, to: '/dashboard/active-device' },
  { label: LABELS.deviceKey, to: '/dashboard/device-key' },
  { label: LABELS.parentPin, to: '/dashboard/parent-pin' },
  { label: LABELS.account, to: '/dashboard/account' },
  { label: LABELS.switchMac, to: '/dashboard/switch-mac' },
  // Not a dashboard screen (a TV's QR code opens it), but where a signed-out TV is signed in again.
  { label: LABELS.linkTv, to: '/link' },
];

export default function DashboardLayout() {
  usePageHead('/dashboard');
  useDialogLanguage();
  const intl = useIntl();
  const navigate = useNavigate();
  const client = useApolloClient();
  const { user, login, logout } = useUser();
  const device = useSignedInDevice();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const { pathname, key: visit } = location;

  // Every visit asks the server: a session can end (timeout, key change) while the browser still shows it.
  const { data, error } = useCurrentDeviceQuery({ fetchPolicy: 'network-only' });
  const [logoutMutation, { loading: loggingOut }] = useLogoutMutation();

  // Signed out in this tab (Logout): off to the sign-in page. This screen may still be the one React shows when
  // the owner presses Back right after Logout (the sign-in page had not been drawn yet): without this it stayed on
  // 'Checking your device…' for good, its check long answered (tests/e2e/signin.e2e.test.ts).
  const signedOut = user !== undefined && !('device' in user);

  // A payment's outcome, when the provider sent the owner back (PaymentReturnPage): if the session ended meanwhile,
  // the sign-in page says it, rather than dropping it.
  const flash = (location.state as { flash?: PaymentFlash } | null)?.flash;
  const toSignIn = useMemo(() => ({ replace: true, state: flash ? { flash } : undefined }), [flash]);

  useEffect(() => {
    if (!error) return;
    logout();
    void navigate(SIGN_IN_PATH, toSignIn);
  }, [error, logout, navigate, toSignIn]);

  useEffect(() => {
    if (!data) return;
    if (data.currentDevice) login(data.currentDevice);
    else void navigate(SIGN_IN_PATH, toSignIn);
  }, [data, login, navigate, toSignIn]);

  async function handleLogout() {
    try {
      await logoutMutation();
      await client.clearStore();
      // Signed out: the screen below sends the browser to the sign-in page.
      logout();
    } catch (logoutError) {
      // The owner stays signed in (the server may not have heard), and is told so rather than left wondering.
      console.error('Logout failed', logoutError);
      alertError(
        intl.formatMessage({ id: 'dashboard.logoutFailed.title', defaultMessage: 'Could not log out' }),
        intl.formatMessage({
          id: 'dashboard.logoutFailed.text',
          defaultMessage: 'Check your connection and try again. You are still signed in.',
        }),
      );
    }
  }

  if (!data?.currentDevice || !device) {
    // Signed out in this tab (Logout), to the sign-in page, on every visit (keyed by it): Back right after Logout
    // can bring back this same screen, whose earlier effects have long run, and it stayed on 'Checking your
    // device…' for good (tests/e2e/signin.e2e.test.ts).
    if (signedOut) return <Navigate key={visit} to={SIGN_IN_PATH} replace />;
    return (
      <div className="dashboard dashboard--checking">
        <Spinner label={intl.formatMessage({ id: 'dashboard.checking', defaultMessage: 'Checking your device…' })} />
      </div>
    );
  }

  return (
    <div className="dashboard">
      <aside className="dashboard__sidebar">
        <button
          type="button"
          className="dashboard__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="dashboard-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="hamburger" aria-hidden="true" />
          <FormattedMessage id="dashboard.menu" defaultMessage="Menu" />
        </button>
        <nav
          id="dashboard-menu"
          className={`dashboard__menu${menuOpen ? ' dashboard__menu--open' : ''}`}
          aria-label={intl.formatMessage({ id: 'dashboard.menu.label', defaultMessage: 'Dashboard' })}
        >
          <ul>
            {MENU.map((item) => {
              const active = isActive(item, pathname);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={active ? 'page' : undefined}
                    className={`dashboard__link${active ? ' dashboard__link--active' : ''}`}
                    onClick={() => setMenuOpen(false)}
                  >
                    {intl.formatMessage(item.label)}
                  </Link>
                </li>
              );
            })}
            <li>
              <button
                type="button"
                className="dashboard__link dashboard__logout"
                disabled={loggingOut}
                onClick={() => void handleLogout()}
              >
                <FormattedMessage id="dashboard.logout" defaultMessage="Logout" />
              </button>
            </li>
          </ul>
        </nav>
      </aside>

      <div className="dashboard__main">
        <div className="dashboard__topbar">
          <span className="dashboard__topbar-label">
            <FormattedMessage id="dashboard.device" defaultMessage="Device" />
          </span>
          <span className="dashboard__mac" dir="ltr">
            {device.macAddress}
          </span>
          {/* The page shown, in the other language. */}
          <LanguageSwitcher className="dashboard__language" />
        </div>
        <div className="dashboard__content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
