import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import Swal from 'sweetalert2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentDeviceDocument, LogoutDocument, PlaylistsDocument } from '../../__generated__/graphql';
import { UserProvider } from '../../hooks/useUser';
import { buildDevice } from '../../test/factories';
import { dashboardTestRoutes as testRoutes, devicePayments, signedIn } from '../../test/renderDashboardRoute';
import { setTestLocale } from '../../test/locale';
import { SiteLayout } from '../../components/SiteLayout';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(() => Promise.resolve({ isConfirmed: true })) } }));

// The playlist manager at /dashboard loads the list; these tests are about the frame around it.
const noPlaylists: MockLink.MockedResponse = {
  request: { query: PlaylistsDocument },
  result: { data: { playlists: [] } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

function renderDashboard(path: string, mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter(testRoutes, { initialEntries: [path] });
  render(
    <MockedProvider mocks={[...mocks, noPlaylists]}>
      <UserProvider>
        <RouterProvider router={router} />
      </UserProvider>
    </MockedProvider>,
  );
  return { user: userEvent.setup(), router };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DashboardLayout', () => {
  it('shows a spinner while it checks the device, then the menu and the signed-in MAC address', async () => {
    renderDashboard('/dashboard', [signedIn()]);
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your device');

    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    const entries = within(menu)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries).toEqual([
      'Manage Playlists',
      'Activate Device',
      'Device Key',
      'Parent PIN',
      'Account Details',
      'Switch MAC',
      'Link a TV',
      'Logout',
    ]);
    expect(within(menu).getByRole('link', { name: 'Link a TV' })).toHaveAttribute('href', '/link');
    expect(within(menu).getByRole('link', { name: 'Switch MAC' })).toHaveAttribute('href', '/dashboard/switch-mac');
    expect(screen.getByText('a1:b2:c3:d4:e5:f6')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Manage Playlists' })).toBeInTheDocument();
    expect(document.title).toBe('Dashboard | M3U Player');
  });

  it('sends a browser without a signed-in device to the sign-in screen', async () => {
    const { router } = renderDashboard('/dashboard', [
      { request: { query: CurrentDeviceDocument }, result: { data: { currentDevice: null } } },
    ]);
    expect(await screen.findByText('Sign-in screen, user undefined')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('hands a payment outcome on to the sign-in screen when the session ended during the payment', async () => {
    const router = createMemoryRouter(testRoutes, {
      initialEntries: [
        { pathname: '/dashboard', state: { flash: { message: 'Payment is Cancelled.', paymentStatus: 'error' } } },
      ],
    });
    render(
      <MockedProvider
        mocks={[{ request: { query: CurrentDeviceDocument }, result: { data: { currentDevice: null } } }, noPlaylists]}
      >
        <UserProvider>
          <RouterProvider router={router} />
        </UserProvider>
      </MockedProvider>,
    );
    await screen.findByText(/Sign-in screen/);
    expect(router.state.location.state).toEqual({
      flash: { message: 'Payment is Cancelled.', paymentStatus: 'error' },
    });
  });

  it('clears the user and goes to the sign-in screen when the device check fails', async () => {
    const { router } = renderDashboard('/dashboard/account', [
      { request: { query: CurrentDeviceDocument }, error: new Error('Server unreachable') },
    ]);
    expect(await screen.findByText('Sign-in screen, user {}')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the account details with the status name and the dates as the spec writes them', async () => {
    renderDashboard('/dashboard/account', [
      signedIn(
        buildDevice({
          macAddress: '0a:1b:2c:3d:4e:5f',
          status: 'ACTIVE',
          createdAt: '2026-03-05T12:00:00.000Z',
          expireDate: '2027-03-05T12:00:00.000Z',
        }),
      ),
      devicePayments(),
    ]);
    expect(await screen.findByRole('heading', { name: 'Account Details' })).toBeInTheDocument();
    const row = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(row('MAC Address')).toHaveTextContent('0a:1b:2c:3d:4e:5f');
    expect(row('Status')).toHaveTextContent('Active');
    expect(row('Created')).toHaveTextContent('5 Mar. 2026');
    expect(row('Expires')).toHaveTextContent('5 Mar. 2027');
  });

  it.each([
    ['INACTIVE', 'Inactive'],
    ['TRIAL', 'Trial'],
  ] as const)('names status %s %s', async (status, label) => {
    renderDashboard('/dashboard/account', [signedIn(buildDevice({ status })), devicePayments()]);
    expect(await screen.findByText(label, { selector: '.status' })).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown dashboard path', async () => {
    renderDashboard('/dashboard/nothing-here', [signedIn()]);
    expect(await screen.findByRole('heading', { name: 'This page was not found!' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('logs out: ends the session and goes to the sign-in screen', async () => {
    const { user } = renderDashboard('/dashboard', [
      signedIn(),
      {
        request: { query: LogoutDocument },
        result: { data: { logout: { __typename: 'LogoutPayload', success: true } } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Sign-in screen, user {}')).toBeInTheDocument();
  });

  it('says when logging out failed, and stays signed in on the dashboard', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderDashboard('/dashboard', [
      signedIn(),
      { request: { query: LogoutDocument }, error: new Error('Server unreachable') },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Logout failed', expect.any(Error)));
    expect(Swal.fire).toHaveBeenCalledWith(
      expect.objectContaining({
        icon: 'error',
        title: 'Could not log out',
        text: 'Check your connection and try again. You are still signed in.',
      }),
    );
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText(/Sign-in screen/)).not.toBeInTheDocument();
  });

  it('highlights Manage Playlists while a playlist is being edited', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDashboard('/dashboard/edit/p1', [signedIn()]);
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'Manage Playlists' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Activate Device' })).not.toHaveAttribute('aria-current');
  });
});

describe('DashboardLayout: landmarks', () => {
  it('is in the site frame’s one main landmark, its menu and screen inside it', async () => {
    // As routes.tsx nests it: SiteLayout (the header, <main>, the footer) around the portal's routes.
    const router = createMemoryRouter([{ Component: SiteLayout, children: testRoutes }], {
      initialEntries: ['/dashboard'],
    });
    render(
      <MockedProvider mocks={[signedIn(), noPlaylists]}>
        <UserProvider>
          <RouterProvider router={router} />
        </UserProvider>
      </MockedProvider>,
    );
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Manage Playlists' });
    const main = screen.getByRole('main');
    expect(main).toContainElement(menu);
    expect(main).toContainElement(heading);
    // A second main would break axe's landmark-one-main and no-duplicate-main rules.
    expect(document.querySelectorAll('main, [role="main"]')).toHaveLength(1);
  });
});

describe('DashboardLayout: languages', () => {
  it('offers the page shown in Arabic from the top bar', async () => {
    renderDashboard('/dashboard/parent-pin', [signedIn()]);
    await screen.findByRole('navigation', { name: 'Dashboard' });
    const topBar = document.querySelector<HTMLElement>('.dashboard__topbar')!;
    expect(within(topBar).getByRole('link', { name: 'العربية' })).toHaveAttribute('href', '/ar/dashboard/parent-pin');
  });

  it('shows the menu, the top bar and the logout in Arabic, the MAC address left to right', async () => {
    await setTestLocale('ar');
    renderDashboard('/dashboard/parent-pin', [signedIn()]);
    const menu = await screen.findByRole('navigation', { name: 'لوحة التحكم' });
    const entries = within(menu)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries).toEqual([
      'إدارة قوائم التشغيل',
      'تفعيل الجهاز',
      'مفتاح الجهاز',
      'رمز PIN للرقابة الأبوية',
      'تفاصيل الحساب',
      'تبديل عنوان MAC',
      'ربط تلفزيون',
      'تسجيل الخروج',
    ]);
    expect(within(menu).getByRole('link', { name: 'رمز PIN للرقابة الأبوية' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'القائمة' })).toBeInTheDocument();
    expect(screen.getByText('الجهاز', { selector: '.dashboard__topbar-label' })).toBeInTheDocument();
    expect(screen.getByText('a1:b2:c3:d4:e5:f6')).toHaveAttribute('dir', 'ltr');
    // Back to English: the same page.
    const languages = document.querySelector<HTMLElement>('.dashboard__topbar')!;
    expect(within(languages).getByRole('link', { name: 'English' })).toHaveAttribute('href', '/dashboard/parent-pin');
  });

  it('says a failed logout in Arabic', async () => {
    await setTestLocale('ar');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderDashboard('/dashboard/parent-pin', [
      signedIn(),
      { request: { query: LogoutDocument }, error: new Error('Server unreachable') },
    ]);
    await user.click(await screen.findByRole('button', { name: 'تسجيل الخروج' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Logout failed', expect.any(Error)));
    expect(Swal.fire).toHaveBeenCalledWith(
      expect.objectContaining({
        icon: 'error',
        title: 'تعذّر تسجيل الخروج',
        text: 'تحقّق من اتصالك وحاول مرة أخرى. ما زلت مسجَّل الدخول.',
        confirmButtonText: 'حسنًا',
      }),
    );
  });
});
