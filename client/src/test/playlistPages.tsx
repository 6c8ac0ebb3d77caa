import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { InitialEntry } from 'react-router-dom';
import Swal from 'sweetalert2';
import { vi } from 'vitest';
import { PlaylistsDocument } from '../__generated__/graphql';
import type { PlaylistFieldsFragment } from '../__generated__/graphql';
import EditPlaylistPage from '../pages/dashboard/EditPlaylistPage';
import ManagePlaylistsPage from '../pages/dashboard/ManagePlaylistsPage';

/** The playlist pages on their real paths, plus a page to have come from. */
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
    <MockedProvider mocks={mocks}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return { user: userEvent.setup(), router };
}

export function playlistsMock(playlists: PlaylistFieldsFragment[]): MockLink.MockedResponse {
  return { request: { query: PlaylistsDocument }, result: { data: { playlists } } };
}

export function graphQLFailure(code: string, message: string, extensions: Record<string, unknown> = {}) {
  return { errors: [new GraphQLError(message, { extensions: { code, ...extensions } })] };
}

interface DialogScript {
  /** What the owner types into each PIN prompt in turn; a prompt past the end is cancelled. */
  pins?: string[];
  /** The answer to every yes/no question. */
  confirm?: boolean;
}

/**
 * Answers sweetalert2's dialogs (mocked with `vi.mock('sweetalert2', ...)` in each test file): PIN prompts
 * and confirmations as scripted, every other dialog is simply dismissed.
 */
export function answerDialogs({ pins = [], confirm = true }: DialogScript = {}) {
  const queue = [...pins];
  vi.mocked(Swal.fire).mockImplementation(((options: { input?: string; showCancelButton?: boolean }) => {
    if (options.input === 'password') {
      const value = queue.shift();
      return Promise.resolve(
        value === undefined ? { isConfirmed: false, isDismissed: true } : { isConfirmed: true, value },
      );
    }
    if (options.showCancelButton) return Promise.resolve({ isConfirmed: confirm, isDismissed: !confirm });
    return Promise.resolve({ isConfirmed: true });
  }) as never);
}

/** The options of every dialog shown so far, in order. */
export function dialogs(): { title?: string; text?: string; icon?: string; input?: string }[] {
  return vi.mocked(Swal.fire).mock.calls.map((call) => call[0] as never);
}
