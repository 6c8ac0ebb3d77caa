import { render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import Swal from 'sweetalert2';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../lang/ar.json';
import { UserProvider } from '../hooks/useUser';
import { portalRoutes } from '../routes';
import { dialogs } from '../test/dialogs';
import { setTestLocale } from '../test/locale';
import { playlistsMock } from '../test/playlistPages';
import { signedIn } from '../test/renderDashboardRoute';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(() => Promise.resolve({ isConfirmed: true })) } }));

const PENDING = 'Your device will be activated once the payment is confirmed';
const CANCELLED = 'Payment is Cancelled.';

/** The portal's real routes, signed in, opened where a payment provider sends the owner back. */
function returnTo(path: string, basename?: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        HydrateFallback: () => null,
        children: [...portalRoutes, { path: 'elsewhere', element: <p>The provider</p> }],
      },
    ],
    { initialEntries: [`${basename ?? ''}/elsewhere`, path], initialIndex: 1, basename },
  );
  render(
    <MockedProvider mocks={[signedIn(), playlistsMock([])]}>
      <UserProvider>
        <RouterProvider router={router} />
      </UserProvider>
    </MockedProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.mocked(Swal.fire).mockClear();
});

describe('payment return routes', () => {
  it.each([
    ['/cowpayReturnUrl', 'Payment is being processed', PENDING],
    ['/activation/crypto/redirect', 'Payment is being processed', PENDING],
    ['/device/playlists?payment_status=success', 'Payment is being processed', PENDING],
    ['/device/playlists?payment_status=failed', 'Cancelled', CANCELLED],
    ['/device/playlists', 'Cancelled', CANCELLED],
  ])('%s goes on to the dashboard, which says once: %s', async (path, title, text) => {
    const router = returnTo(path);
    expect(await screen.findByText('You have no playlists yet.')).toBeInTheDocument();
    await waitFor(() => expect(dialogs()).toEqual([expect.objectContaining({ title, text })]));
    expect(router.state.location.pathname).toBe('/dashboard');
    // The return address is replaced, so the back button does not run it again.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.historyAction).toBe('REPLACE');
    expect(dialogs()).toHaveLength(1);
    await router.navigate(-1);
    expect(await screen.findByText('The provider')).toBeInTheDocument();
  });
});

describe('payment return routes in Arabic', () => {
  const arabic = ar as Record<string, string>;

  it.each([
    ['/ar/cowpayReturnUrl', 'msg.payment.flashProcessing', 'msg.payment.pending'],
    ['/ar/activation/crypto/redirect', 'msg.payment.flashProcessing', 'msg.payment.pending'],
    ['/ar/device/playlists?payment_status=cancelled', 'msg.payment.flashCancelled', 'msg.payment.cancelled'],
  ])(
    '%s goes on to the Arabic dashboard, which says once, in Arabic: %s',
    async (path, titleId, textId) => {
      await setTestLocale('ar');
      const title = arabic[titleId];
      const text = arabic[textId];
      expect(title).toMatch(/[\u0600-\u06ff]/);
      expect(text).toMatch(/[\u0600-\u06ff]/);
      const router = returnTo(path, '/ar');
      await waitFor(() => expect(dialogs()).toEqual([expect.objectContaining({ title, text })]), { timeout: 10_000 });
      // Still in Arabic: the router's basename keeps the language.
      expect(router.state.location.pathname).toBe('/ar/dashboard');
      expect(router.state.historyAction).toBe('REPLACE');
    },
    20_000,
  );
});
