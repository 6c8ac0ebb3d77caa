import { useEffect, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { useApolloClient } from '@apollo/client/react';
import { useCurrentDeviceQuery, useLogoutMutation } from '../../__generated__/hooks';
import { Spinner } from '../../components/Spinner';
import { useSignedInDevice, useUser } from '../../hooks/useUser';
import { usePageHead } from '../../hooks/usePageHead';
import '../../styles/dashboard.css';

const SIGN_IN_PATH = '/device/login';

const MENU = [
  { label: 'Manage Playlists', to: '/dashboard', end: true },
  { label: 'Activate Device', to: '/dashboard/active-device' },
  { label: 'Device Key', to: '/dashboard/device-key' },
  { label: 'Parent PIN', to: '/dashboard/parent-pin' },
  { label: 'Account Details', to: '/dashboard/account' },
  { label: 'Switch MAC', to: '/dashboard/switch-mac' },
];

export default function DashboardLayout() {
  usePageHead('/dashboard');
  const navigate = useNavigate();
  const client = useApolloClient();
  const { login, logout } = useUser();
  const device = useSignedInDevice();
  const [menuOpen, setMenuOpen] = useState(false);

  // Every visit asks the server: a session can end (timeout, key change) while the browser still shows it.
  const { data, error } = useCurrentDeviceQuery({ fetchPolicy: 'network-only' });
  const [logoutMutation, { loading: loggingOut }] = useLogoutMutation();

  useEffect(() => {
    if (!error) return;
    logout();
    void navigate(SIGN_IN_PATH, { replace: true });
  }, [error, logout, navigate]);

  useEffect(() => {
    if (!data) return;
    if (data.currentDevice) login(data.currentDevice);
    else void navigate(SIGN_IN_PATH, { replace: true });
  }, [data, login, navigate]);

  async function handleLogout() {
    try {
      await logoutMutation();
      logout();
      await client.clearStore();
      void navigate(SIGN_IN_PATH);
    } catch (logoutError) {
      // The spec shows nothing when logging out fails; the owner stays where they are.
      console.error('Logout failed', logoutError);
    }
  }

  if (!data?.currentDevice || !device) {
    return (
      <div className="dashboard dashboard--checking">
        <Spinner label="Checking your device…" />
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
          Menu
        </button>
        <nav
          id="dashboard-menu"
          className={`dashboard__menu${menuOpen ? ' dashboard__menu--open' : ''}`}
          aria-label="Dashboard"
        >
          <ul>
            {MENU.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) => `dashboard__link${isActive ? ' dashboard__link--active' : ''}`}
                  onClick={() => setMenuOpen(false)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="dashboard__link dashboard__logout"
                disabled={loggingOut}
                onClick={() => void handleLogout()}
              >
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </aside>

      <div className="dashboard__main">
        <div className="dashboard__topbar">
          <span className="dashboard__topbar-label">Device</span>
          <span className="dashboard__mac">{device.macAddress}</span>
        </div>
        <div className="dashboard__content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
