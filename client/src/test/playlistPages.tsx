import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { InitialEntry } from 'react-router-dom';
import { PlaylistsDocument } from '../__generated__/graphql';
import type { PlaylistFieldsFragment } from '../__generated__/graphql';
import { buildDevice } from './factories';
import { UserProvider } from '../hooks/useUser';
import EditPlaylistPage from '../pages/dashboard/EditPlaylistPage';
import ManagePlaylistsPage from '../pages/dashboard/ManagePlaylistsPage';

/** The playlist pages on their real paths, plus a page to have come from, for a signed-in device as the app has. */
export function renderPlaylistPages(mocks: MockLink.MockedResponse[], initialEntries: InitialEntry[] = ['/dashboard']) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <ManagePlaylistsPage /> },
      { path: '/dashboard/edit/:id', element: <EditPlaylistPage /> },
      { path: '/elsewhere', element: <p>Another page</p> },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  render(
    <UserProvider initialUser={{ device: buildDevice() }}>
      <MockedProvider mocks={mocks}>
        <RouterProvider router={router} />
      </MockedProvider>
    </UserProvider>,
  );
  return { user: userEvent.setup(), router };
}

export function playlistsMock(playlists: PlaylistFieldsFragment[]): MockLink.MockedResponse {
  return { request: { query: PlaylistsDocument }, result: { data: { playlists } } };
}

export function graphQLFailure(code: string, message: string, extensions: Record<string, unknown> = {}) {
  return { errors: [new GraphQLError(message, { extensions: { code, ...extensions } })] };
}

// The playlist pages' tests take the dialog helpers from here with the rest.
export { answerDialogs, dialogs } from './dialogs';
