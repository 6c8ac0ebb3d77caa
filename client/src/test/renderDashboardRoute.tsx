import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { CurrentDeviceDocument, DevicePaymentsDocument, DeviceTvSessionsDocument } from '../__generated__/graphql';
import { UserProvider, useUser } from '../hooks/useUser';
import { portalRoutes } from '../routes';
import { buildDevice, type buildPayment, type buildTvSession } from './factories';

const dashboardRoute = portalRoutes.find((route) => route.path === 'dashboard');
if (!dashboardRoute) throw new Error('routes.tsx has no dashboard route');

/** Stands in for the sign-in screen and shows what the user session holds when the dashboard sent us there. */
function SignInProbe() {
  const { user } = useUser();
  return <p>Sign-in screen, user {user === undefined ? 'undefined' : JSON.stringify(user)}</p>;
}

/** The dashboard's real routes beside a stand-in sign-in screen, for a memory router. */
export const dashboardTestRoutes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: () => null,
    children: [dashboardRoute, { path: 'device/login', element: <SignInProbe /> }],
  },
];

/** The dashboard's device check, answered with a signed-in device. */
export function signedIn(device = buildDevice()): MockLink.MockedResponse {
  return { request: { query: CurrentDeviceDocument }, result: { data: { currentDevice: device } } };
}

/** The Account Details page's payment history of the signed-in device. */
export function devicePayments(
  payments: ReturnType<typeof buildPayment>[] = [],
  device = buildDevice(),
  page: { paymentCount?: number; after?: string } = {},
): MockLink.MockedResponse {
  const paymentCount = page.paymentCount ?? payments.length;
  return {
    request: { query: DevicePaymentsDocument, ...(page.after ? { variables: { after: page.after } } : {}) },
    result: { data: { currentDevice: { __typename: 'Device', id: device.id, paymentCount, payments } } },
  };
}

/** The Account Details page's list of the TVs signed in to the device. */
export function deviceTvSessions(
  tvSessions: ReturnType<typeof buildTvSession>[] = [],
  device = buildDevice(),
): MockLink.MockedResponse {
  return {
    request: { query: DeviceTvSessionsDocument },
    result: { data: { currentDevice: { __typename: 'Device', id: device.id, tvSessions } } },
  };
}

/** A GraphQL error as the server formats a domain error. */
export function graphQLError(message: string, code: string, fieldErrors?: Record<string, string>) {
  return new GraphQLError(message, { extensions: { code, ...(fieldErrors ? { fieldErrors } : {}) } });
}

/** Renders a dashboard path with the real routes, layout and user session, against mocked operations. */
export function renderDashboardRoute(path: string, mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter(dashboardTestRoutes, { initialEntries: [path] });
  render(
    <MockedProvider mocks={mocks}>
      <UserProvider>
        <RouterProvider router={router} />
      </UserProvider>
    </MockedProvider>,
  );
  return { user: userEvent.setup(), router };
}
