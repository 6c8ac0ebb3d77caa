import userEvent from '@testing-library/user-event';
import { screen, waitFor, within } from '@testing-library/react';
import Swal from 'sweetalert2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckPlaylistDocument, CreatePlaylistDocument, DeletePlaylistDocument } from '../../__generated__/graphql';
import { buildPlaylist, buildPlaylistCheck } from '../../test/factories';
import { setTestLocale } from '../../test/locale';
import { answerDialogs, dialogs, graphQLFailure, playlistsMock, renderPlaylistPages } from '../../test/playlistPages';
import { renderDashboardRoute, signedIn } from '../../test/renderDashboardRoute';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn() } }));

function manyPlaylists(count: number) {
  return Array.from({ length: count }, (_, index) =>
    buildPlaylist({ id: `p${index + 1}`, name: `Playlist ${String(index + 1).padStart(3, '0')}` }),
  );
}

/** The names in the table's rows, top to bottom. */
function rowNames() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('.playlists__name-text')!.textContent);
}

const list = () => screen.findByRole('table');

beforeEach(() => {
  vi.mocked(Swal.fire).mockReset();
  answerDialogs();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ManagePlaylistsPage: the list', () => {
  it('shows the six columns, and the URL cell as the spec sets it', async () => {
    const longUrl = 'http://provider.example/get.php?token=' + 'x'.repeat(5000);
    renderPlaylistPages([
      playlistsMock([
        buildPlaylist({ id: 'g', name: 'General one', url: longUrl }),
        buildPlaylist({
          id: 'x',
          name: 'XC one',
          type: 'XC',
          url: 'http://xc.example:8080',
          username: 'alice',
          password: 's3cret!',
        }),
        buildPlaylist({ id: 'c', name: 'Code one', type: 'CODE', url: null, playlistCode: '123456' }),
        buildPlaylist({ id: 'p', name: 'Locked one', isProtected: true, locked: true, url: null }),
        buildPlaylist({ id: 'n', name: 'Nothing', url: null }),
      ]),
    ]);
    const table = await list();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Playlist', 'URL', 'Username', 'Password', 'Last check', 'Actions']);

    const cells = (name: string) => within(screen.getByRole('row', { name: new RegExp(name) })).getAllByRole('cell');
    const urlCell = cells('General one')[1]!;
    expect(urlCell).toHaveTextContent(longUrl);
    // Each kind named as the TV app names it, as written (no shouting capitals).
    expect(cells('General one')[0]).toHaveTextContent(/^General oneM3U playlist$/);
    expect(cells('Code one')[0]).toHaveTextContent(/^Code onePlaylist code$/);
    // Clipped by CSS with an ellipsis; the whole URL stays readable in the title.
    expect(urlCell.querySelector('.playlists__clip')).toHaveAttribute('title', longUrl);

    // The password is masked until the owner asks to see it.
    expect(cells('XC one').map((cell) => cell.textContent)).toEqual([
      'XC oneXtream Codes',
      'http://xc.example:8080',
      'alice',
      '••••••••Show',
      'NeverCheck',
      '',
    ]);
    expect(screen.queryByText('s3cret!')).toBeNull();
    const reveal = within(cells('XC one')[3]!).getByRole('button', { name: 'Show the password of XC one' });
    await userEvent.click(reveal);
    expect(cells('XC one')[3]).toHaveTextContent('s3cret!Hide');
    expect(reveal).toHaveAttribute('aria-pressed', 'true');
    expect(cells('Code one')[1]).toHaveTextContent('123456');
    expect(cells('Locked one')[1]).toHaveTextContent('Protected');
    expect(cells('Nothing')[1]).toHaveTextContent('N/A');

    const actions = within(cells('Code one')[5]!);
    expect(actions.getByRole('button', { name: 'Edit Code one' })).toBeInTheDocument();
    expect(actions.getByRole('button', { name: 'Delete Code one' })).toBeInTheDocument();
  });

  it('shows "Protected" even when a protected playlist arrives with its URL', async () => {
    renderPlaylistPages([playlistsMock([buildPlaylist({ isProtected: true, locked: false })])]);
    await list();
    expect(within(screen.getAllByRole('row')[1]!).getAllByRole('cell')[1]).toHaveTextContent(/^Protected$/);
  });

  it('says so when there are no playlists yet', async () => {
    renderPlaylistPages([playlistsMock([])]);
    expect(await screen.findByText('You have no playlists yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('searches names ignoring case', async () => {
    const { user } = renderPlaylistPages([
      playlistsMock([
        buildPlaylist({ id: '1', name: 'Sports HD' }),
        buildPlaylist({ id: '2', name: 'Movies' }),
        buildPlaylist({ id: '3', name: 'eSPORTS' }),
      ]),
    ]);
    await list();
    await user.type(screen.getByRole('searchbox', { name: 'Search playlists by name' }), 'sPoRt');
    expect(rowNames()).toEqual(['Sports HD', 'eSPORTS']);

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nothing like it');
    expect(screen.getByText('No playlist name contains “nothing like it”.')).toBeInTheDocument();
  });

  it('shows no pages for 8 playlists', async () => {
    renderPlaylistPages([playlistsMock(manyPlaylists(8))]);
    await list();
    expect(rowNames()).toHaveLength(8);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('pages 8 rows at a time past 8, and a search starts again at page 1', async () => {
    const { user } = renderPlaylistPages([playlistsMock(manyPlaylists(20))]);
    await list();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Previous', '1', '2', '3', 'Next']);
    expect(rowNames()).toEqual(manyPlaylists(8).map((p) => p.name));
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(rowNames()[0]).toBe('Playlist 009');
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(rowNames()).toEqual(['Playlist 017', 'Playlist 018', 'Playlist 019', 'Playlist 020']);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('Showing 17–20 of 20 playlists')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(rowNames()[0]).toBe('Playlist 009');

    // 'playlist 01' matches 001 to 019: three pages, starting at the first.
    await user.type(screen.getByRole('searchbox'), 'playlist 01');
    expect(rowNames()[0]).toBe('Playlist 010');
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.type(screen.getByRole('searchbox'), '2');
    expect(rowNames()).toEqual(['Playlist 012']);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('renders only one page of 500 playlists, with a short row of page numbers', async () => {
    const { user } = renderPlaylistPages([playlistsMock(manyPlaylists(500))]);
    await list();
    expect(screen.getAllByRole('row')).toHaveLength(9);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getAllByRole('button').length).toBeLessThan(10);
    await user.click(within(pages).getByRole('button', { name: 'Page 63' }));
    expect(rowNames()).toEqual(['Playlist 497', 'Playlist 498', 'Playlist 499', 'Playlist 500']);
  });
});

describe('ManagePlaylistsPage: sub-views', () => {
  it('opens each add form on /dashboard, and the back button returns to the list, then leaves', async () => {
    const { user, router } = renderPlaylistPages([playlistsMock([buildPlaylist()])], ['/elsewhere', '/dashboard']);
    await list();

    for (const [button, field] of [
      ['Add Playlist', 'Playlist URL'],
      ['Add XC Playlist', 'Host URL'],
      ['Add Playlist Code', 'Playlist code'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByRole('heading', { name: button })).toBeInTheDocument();
      expect(screen.getByLabelText(field)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(router.state.historyAction).toBe('PUSH');

      await router.navigate(-1);
      expect(await screen.findByRole('heading', { name: 'Manage Playlists' })).toBeInTheDocument();
      expect(screen.getByRole('table')).toBeInTheDocument();
    }

    await router.navigate(-1);
    expect(await screen.findByText('Another page')).toBeInTheDocument();
  });

  it('returns to the list with Cancel', async () => {
    const { user } = renderPlaylistPages([playlistsMock([buildPlaylist()])]);
    await list();
    await user.click(screen.getByRole('button', { name: 'Add XC Playlist' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Manage Playlists' })).toBeInTheDocument();
  });

  it('adds a playlist, returns to the list, refetches it, and back does not reopen the form', async () => {
    const added = buildPlaylist({ id: 'new', name: 'News', url: 'http://news.example/list.m3u' });
    const { user, router } = renderPlaylistPages(
      [
        playlistsMock([buildPlaylist()]),
        {
          request: {
            query: CreatePlaylistDocument,
            variables: {
              input: {
                name: 'News',
                type: 'GENERAL',
                url: 'http://news.example/list.m3u',
                epgUrl: null,
                username: null,
                password: null,
                playlistCode: null,
                isProtected: false,
                pin: null,
              },
            },
          },
          result: {
            data: {
              createPlaylist: { __typename: 'PlaylistPayload', message: 'Playlist saved.', playlist: added },
            },
          },
        },
        playlistsMock([added, buildPlaylist()]),
      ],
      ['/elsewhere', '/dashboard'],
    );
    await list();
    await user.click(screen.getByRole('button', { name: 'Add Playlist' }));
    await user.type(await screen.findByLabelText('Playlist name'), 'News');
    await user.type(screen.getByLabelText('Playlist URL'), 'http://news.example/list.m3u');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('row', { name: /News/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Manage Playlists' })).toBeInTheDocument();
    expect(dialogs()).toContainEqual(expect.objectContaining({ icon: 'success', title: 'Playlist saved.' }));

    await router.navigate(-1);
    expect(await screen.findByText('Another page')).toBeInTheDocument();
  });

  it('shows the server’s field messages under the fields', async () => {
    const { user } = renderPlaylistPages([
      playlistsMock([]),
      {
        request: { query: CreatePlaylistDocument, variables: () => true },
        result: graphQLFailure('BAD_USER_INPUT', 'Invalid playlist', {
          fieldErrors: { name: 'A playlist with this name already exists', url: 'Invalid URL Format' },
        }),
      },
    ]);
    await screen.findByText('You have no playlists yet.');
    await user.click(screen.getByRole('button', { name: 'Add Playlist' }));
    await user.type(await screen.findByLabelText('Playlist name'), 'Sports');
    await user.type(screen.getByLabelText('Playlist URL'), 'http://provider.example/a.m3u');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByLabelText('Playlist name');
    expect(await screen.findByText('A playlist with this name already exists')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('A playlist with this name already exists');
    expect(screen.getByLabelText('Playlist URL')).toHaveAccessibleDescription('Invalid URL Format');
    expect(screen.getByRole('heading', { name: 'Add Playlist' })).toBeInTheDocument();
    expect(dialogs()).toEqual([]);

    await user.type(name, ' 2');
    expect(screen.queryByText('A playlist with this name already exists')).not.toBeInTheDocument();
    expect(screen.getByText('Invalid URL Format')).toBeInTheDocument();
  });

  it.each([
    [
      'another GraphQL error',
      { result: graphQLFailure('CONFLICT', 'You can add at most 50 playlists') },
      'Something went wrong, please try again later.',
      'You can add at most 50 playlists',
    ],
    [
      'a network failure',
      { error: new Error('Failed to fetch') },
      'Request failed, please try again later.',
      undefined,
    ],
  ])('reports %s in a dialog and keeps the form', async (_case, answer, title, text) => {
    const { user } = renderPlaylistPages([
      playlistsMock([]),
      { request: { query: CreatePlaylistDocument, variables: () => true }, ...answer },
    ]);
    await screen.findByText('You have no playlists yet.');
    await user.click(screen.getByRole('button', { name: 'Add Playlist Code' }));
    await user.type(await screen.findByLabelText('Playlist name'), 'Mine');
    await user.type(screen.getByLabelText('Playlist code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(dialogs()).toEqual([expect.objectContaining({ icon: 'error', title, text })]));
    expect(screen.getByLabelText('Playlist name')).toHaveValue('Mine');
  });
});

describe('ManagePlaylistsPage: flash after a payment', () => {
  it.each([
    ['error', 'Payment is Cancelled.', 'Cancelled'],
    ['success', 'Your device will be activated once the payment is confirmed', 'Payment is being processed'],
  ] as const)('shows a %s flash once, then clears it from the history entry', async (paymentStatus, message, title) => {
    const { router } = renderPlaylistPages(
      [playlistsMock([])],
      [{ pathname: '/dashboard', state: { flash: { message, paymentStatus } } }],
    );
    await waitFor(() => expect(dialogs()).toEqual([expect.objectContaining({ title, text: message })]));
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.pathname).toBe('/dashboard');
    await screen.findByText('You have no playlists yet.');
    expect(dialogs()).toHaveLength(1);
  });
});

describe('ManagePlaylistsPage: delete', () => {
  const sports = buildPlaylist({ id: 'p1', name: 'Sports' });
  const movies = buildPlaylist({ id: 'p2', name: 'Movies', isProtected: true, locked: true, url: null });

  function deleted(id: string, pin: string | null) {
    return {
      request: { query: DeletePlaylistDocument, variables: { input: { id, pin } } },
      result: { data: { deletePlaylist: { __typename: 'DeletePlaylistPayload', id, message: 'Deleted' } } },
    };
  }

  it('asks for confirmation, deletes, says so and refetches the list', async () => {
    const { user } = renderPlaylistPages([
      playlistsMock([sports, movies]),
      deleted('p1', null),
      playlistsMock([movies]),
    ]);
    await list();
    await user.click(screen.getByRole('button', { name: 'Delete Sports' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: /Sports/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Movies/ })).toBeInTheDocument();
    expect(dialogs()).toEqual([
      expect.objectContaining({ title: 'Delete Sports?', showCancelButton: true }),
      expect.objectContaining({ icon: 'success', title: 'Playlist has been deleted.' }),
    ]);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    answerDialogs({ confirm: false });
    const { user } = renderPlaylistPages([playlistsMock([sports])]);
    await list();
    await user.click(screen.getByRole('button', { name: 'Delete Sports' }));
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    expect(dialogs()[0]).toMatchObject({ title: 'Delete Sports?' });
    expect(screen.getByRole('row', { name: /Sports/ })).toBeInTheDocument();
  });

  it('asks a protected playlist’s PIN first and sends it with the delete', async () => {
    answerDialogs({ pins: ['4321'] });
    const { user } = renderPlaylistPages([
      playlistsMock([sports, movies]),
      deleted('p2', '4321'),
      playlistsMock([sports]),
    ]);
    await list();
    await user.click(screen.getByRole('button', { name: 'Delete Movies' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Movies/ })).not.toBeInTheDocument());
    expect(dialogs().map((dialog) => dialog.title)).toEqual([
      'Enter Playlist PIN',
      'Delete Movies?',
      'Playlist has been deleted.',
    ]);
    expect(dialogs()[0]).toMatchObject({ input: 'password' });
  });

  it('stops when the PIN prompt is cancelled', async () => {
    answerDialogs({ pins: [] });
    const { user } = renderPlaylistPages([playlistsMock([movies])]);
    await list();
    await user.click(screen.getByRole('button', { name: 'Delete Movies' }));
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    expect(dialogs()[0]).toMatchObject({ title: 'Enter Playlist PIN' });
  });

  it('shows "Wrong PIN!" when the server refuses the PIN', async () => {
    answerDialogs({ pins: ['0000'] });
    const { user } = renderPlaylistPages([
      playlistsMock([movies]),
      {
        request: { query: DeletePlaylistDocument, variables: { input: { id: 'p2', pin: '0000' } } },
        result: graphQLFailure('FORBIDDEN', 'Wrong PIN!'),
      },
    ]);
    await list();
    await user.click(screen.getByRole('button', { name: 'Delete Movies' }));
    await waitFor(() =>
      expect(dialogs()[2]).toMatchObject({ icon: 'error', title: 'Wrong PIN!', text: 'Please try again!' }),
    );
    expect(screen.getByRole('row', { name: /Movies/ })).toBeInTheDocument();
  });

  it.each([
    [{ result: graphQLFailure('UNAUTHENTICATED', 'Please sign in again.') }, 'Please sign in again.'],
    [{ error: new Error('Failed to fetch') }, 'Something went wrong with request authorization.'],
  ])('titles any other failure "Unauthorized."', async (answer, text) => {
    const { user } = renderPlaylistPages([
      playlistsMock([sports]),
      { request: { query: DeletePlaylistDocument, variables: { input: { id: 'p1', pin: null } } }, ...answer },
    ]);
    await list();
    await user.click(screen.getByRole('button', { name: 'Delete Sports' }));
    await waitFor(() => expect(dialogs()[1]).toMatchObject({ icon: 'error', title: 'Unauthorized.', text }));
  });
});

describe('ManagePlaylistsPage: checks', () => {
  const sports = buildPlaylist({ id: 'p1', name: 'Sports' });
  const movies = buildPlaylist({ id: 'p2', name: 'Movies', isProtected: true, locked: true, url: null });
  const kids = buildPlaylist({ id: 'p3', name: 'Kids', type: 'CODE', url: null, playlistCode: '123456' });

  function checked(id: string, pin: string | null, check = buildPlaylistCheck(), delay = 0) {
    return {
      request: { query: CheckPlaylistDocument, variables: { input: { id, pin } } },
      result: { data: { checkPlaylist: check } },
      delay,
    };
  }

  /** The 'Last check' cell of a playlist's row. */
  function lastCheckCell(name: string) {
    return within(screen.getByRole('row', { name: new RegExp(`^${name}`) })).getAllByRole('cell')[4]!;
  }

  it('shows each playlist’s last check: its verdict and when, never, protected, or N/A for codes', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    renderPlaylistPages([
      playlistsMock([
        buildPlaylist({
          id: 'w',
          name: 'Warned',
          lastCheck: buildPlaylistCheck({ verdict: 'WARNING', checkedAt: fiveMinutesAgo }),
        }),
        buildPlaylist({ id: 'f', name: 'Failing', lastCheck: buildPlaylistCheck({ verdict: 'FAILED' }) }),
        sports,
        movies,
        kids,
      ]),
    ]);
    await list();
    expect(within(lastCheckCell('Warned')).getByText('Plays, with warnings')).toBeInTheDocument();
    expect(within(lastCheckCell('Warned')).getByText('5 min ago')).toBeInTheDocument();
    // Older than a day: the date itself.
    expect(lastCheckCell('Failing')).toHaveTextContent(/Will not play\d{1,2} Nov\. 2026/);
    expect(lastCheckCell('Sports')).toHaveTextContent(/^NeverCheck$/);
    expect(lastCheckCell('Movies')).toHaveTextContent(/^ProtectedCheck$/);
    expect(lastCheckCell('Kids')).toHaveTextContent(/^N\/A$/);
    expect(screen.queryByRole('button', { name: 'Check Kids' })).not.toBeInTheDocument();
  });

  it('checks a playlist, shows busy meanwhile while other rows stay usable, then the result and its last check', async () => {
    const other = buildPlaylist({ id: 'p4', name: 'News' });
    const { user } = renderPlaylistPages([
      playlistsMock([sports, other]),
      checked('p1', null, buildPlaylistCheck({ message: 'The playlist opens: 2 channels in 1 group.' }), 150),
    ]);
    await list();
    const button = screen.getByRole('button', { name: 'Check Sports' });
    expect(button).toHaveTextContent('Check');
    await user.click(button);

    expect(button).toHaveTextContent('Checking…');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Check News' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Edit News' })).toBeEnabled();

    const card = await screen.findByRole('region', { name: 'Check of “Sports”' });
    expect(within(card).getByText('Will play')).toBeInTheDocument();
    expect(card).toHaveTextContent('The playlist opens: 2 channels in 1 group.');
    expect(within(card).getByRole('img', { name: 'Sky Sports' })).toBeInTheDocument();
    expect(button).toHaveTextContent(/^Check$/);
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Sports: Will play.');

    // The list now shows the new result as the playlist's last check.
    expect(within(lastCheckCell('Sports')).getByText('Will play')).toBeInTheDocument();
    expect(within(lastCheckCell('News')).getByText('Never')).toBeInTheDocument();
    expect(dialogs()).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Close the check of Sports' }));
    expect(screen.queryByRole('region', { name: 'Check of “Sports”' })).not.toBeInTheDocument();
    expect(within(lastCheckCell('Sports')).getByText('Will play')).toBeInTheDocument();
  });

  it('checks rows asked for together one after another: the server runs one check of an owner at a time', async () => {
    const other = buildPlaylist({ id: 'p4', name: 'News' });
    const asked: string[] = [];
    const inTurn = (id: string, delay: number) => ({
      ...checked(id, null, buildPlaylistCheck(), delay),
      result: () => {
        asked.push(id);
        return { data: { checkPlaylist: buildPlaylistCheck() } };
      },
    });
    // The first answer is slow enough that the second click always comes before it, even on a busy machine.
    const { user } = renderPlaylistPages([playlistsMock([sports, other]), inTurn('p1', 1500), inTurn('p4', 0)]);
    await list();
    await user.click(screen.getByRole('button', { name: 'Check Sports' }));
    await user.click(screen.getByRole('button', { name: 'Check News' }));
    // Both show as checking. (A mock answers when its delay is over: News, answered at once, would come first if
    // it were sent before Sports's slow answer came.)
    expect(screen.getByRole('button', { name: 'Check News' })).toHaveTextContent('Checking…');
    expect(asked).toEqual([]);
    await screen.findByRole('region', { name: 'Check of “Sports”' }, { timeout: 10_000 });
    await screen.findByRole('region', { name: 'Check of “News”' }, { timeout: 10_000 });
    expect(asked).toEqual(['p1', 'p4']);
  }, 20_000);

  it('asks a protected playlist’s PIN first and sends it with the check', async () => {
    answerDialogs({ pins: ['4321'] });
    const { user } = renderPlaylistPages([
      playlistsMock([sports, movies]),
      checked('p2', '4321', buildPlaylistCheck({ verdict: 'FAILED', problem: 'TIMEOUT', message: 'Timed out.' })),
    ]);
    await list();
    await user.click(screen.getByRole('button', { name: 'Check Movies' }));

    const card = await screen.findByRole('region', { name: 'Check of “Movies”' });
    expect(within(card).getByText('Will not play')).toBeInTheDocument();
    expect(dialogs()).toEqual([expect.objectContaining({ title: 'Enter Playlist PIN', input: 'password' })]);
    // A locked playlist's last check stays with whoever gave the PIN: the list still does not show it.
    expect(lastCheckCell('Movies')).toHaveTextContent(/^ProtectedCheck$/);
  });

  it('does not check when the PIN prompt is cancelled', async () => {
    answerDialogs({ pins: [] });
    const { user } = renderPlaylistPages([playlistsMock([movies])]);
    await list();
    await user.click(screen.getByRole('button', { name: 'Check Movies' }));
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Check Movies' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: /^Check of/ })).not.toBeInTheDocument();
  });

  it('shows "Wrong PIN!" when the server refuses the PIN', async () => {
    answerDialogs({ pins: ['0000'] });
    const { user } = renderPlaylistPages([
      playlistsMock([movies]),
      {
        request: { query: CheckPlaylistDocument, variables: { input: { id: 'p2', pin: '0000' } } },
        result: graphQLFailure('FORBIDDEN', 'Wrong PIN!'),
      },
    ]);
    await list();
    await user.click(screen.getByRole('button', { name: 'Check Movies' }));
    await waitFor(() =>
      expect(dialogs()[1]).toMatchObject({ icon: 'error', title: 'Wrong PIN!', text: 'Please try again!' }),
    );
    expect(screen.queryByRole('region', { name: /^Check of/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Movies' })).toBeEnabled();
  });

  it.each([
    [
      'too many checks',
      { result: graphQLFailure('RATE_LIMITED', 'Too many checks. Please wait a minute.') },
      { icon: 'error', title: 'Too many checks. Please wait a minute.' },
    ],
    [
      'a network failure',
      { error: new Error('Failed to fetch') },
      { icon: 'error', title: 'Request failed, please try again later.' },
    ],
  ])('reports %s in a dialog', async (_case, answer, dialog) => {
    const { user } = renderPlaylistPages([
      playlistsMock([sports]),
      { request: { query: CheckPlaylistDocument, variables: { input: { id: 'p1', pin: null } } }, ...answer },
    ]);
    await list();
    await user.click(screen.getByRole('button', { name: 'Check Sports' }));
    await waitFor(() => expect(dialogs()).toEqual([expect.objectContaining(dialog)]));
    expect(screen.queryByRole('region', { name: /^Check of/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Sports' })).toBeEnabled();
  });
});

describe('ManagePlaylistsPage in Arabic', () => {
  const sports = buildPlaylist({ id: 'p1', name: 'Sports' });
  const movies = buildPlaylist({ id: 'p2', name: 'Movies', isProtected: true, locked: true, url: null });
  const isolated = (name: string) => `\u2068${name}\u2069`;

  it('shows its heading, buttons, columns, search and count in Arabic, URLs left to right', async () => {
    await setTestLocale('ar');
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    renderPlaylistPages([
      playlistsMock([
        buildPlaylist({ id: 'p1', name: 'Sports', lastCheck: buildPlaylistCheck({ checkedAt: fiveMinutesAgo }) }),
        movies,
      ]),
    ]);
    const table = await list();
    expect(screen.getByRole('heading', { name: 'إدارة قوائم التشغيل' })).toBeInTheDocument();
    for (const name of ['إضافة قائمة تشغيل', 'إضافة قائمة تشغيل XC', 'إضافة رمز قائمة تشغيل']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('البحث في قوائم التشغيل بالاسم')).toHaveAttribute('placeholder', 'ابحث بالاسم');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['قائمة التشغيل', 'الرابط', 'اسم المستخدم', 'كلمة المرور', 'آخر فحص', 'الإجراءات']);

    const sportsRow = screen.getByRole('row', { name: /^Sports/ });
    const cells = within(sportsRow).getAllByRole('cell');
    expect(cells[0]).toHaveAttribute('data-label', 'قائمة التشغيل');
    expect(cells[0]).toHaveTextContent('M3U');
    expect(within(cells[1]!).getByText('http://provider.example/sports.m3u')).toHaveAttribute('dir', 'ltr');
    expect(cells[2]).toHaveTextContent('لا ينطبق');
    expect(within(cells[4]!).getByText('ستعمل')).toBeInTheDocument();
    expect(cells[4]).toHaveTextContent('منذ 5 دقائق');
    expect(within(sportsRow).getByRole('button', { name: 'فحص Sports' })).toHaveTextContent('فحص');
    expect(within(sportsRow).getByRole('button', { name: 'تعديل Sports' })).toHaveAttribute('title', 'تعديل');
    expect(within(sportsRow).getByRole('button', { name: 'حذف Sports' })).toHaveAttribute('title', 'حذف');
    expect(screen.getByRole('row', { name: /^Movies/ })).toHaveTextContent('محمية');
    expect(screen.getByText('قائمتا تشغيل')).toBeInTheDocument();
  });

  it('says when there is nothing to show in Arabic', async () => {
    await setTestLocale('ar');
    renderPlaylistPages([playlistsMock([])]);
    expect(await screen.findByText('لا توجد لديك قوائم تشغيل بعد.')).toBeInTheDocument();
  });

  it('asks the PIN and confirms a delete in Arabic', async () => {
    await setTestLocale('ar');
    answerDialogs({ pins: ['4321'], confirm: false });
    const { user } = renderPlaylistPages([playlistsMock([sports, movies])]);
    await list();
    await user.click(screen.getByRole('button', { name: 'حذف Movies' }));
    await waitFor(() => expect(dialogs()).toHaveLength(2));
    expect(dialogs()[0]).toMatchObject({ input: 'password', text: `قائمة التشغيل «${isolated('Movies')}» محمية.` });
    expect(dialogs()[1]).toMatchObject({
      title: `حذف «${isolated('Movies')}»؟`,
      text: 'لا يمكن التراجع عن ذلك.',
      confirmButtonText: 'حذف',
    });
  });

  it('titles the PIN prompt with the playlist’s PIN, apart from the parent PIN, in Arabic', async () => {
    await setTestLocale('ar');
    answerDialogs({ pins: [] });
    // In the dashboard's frame, which gives the dialogs the page's language.
    const { user } = renderDashboardRoute('/dashboard', [signedIn(), playlistsMock([sports, movies])]);
    await user.click(await screen.findByRole('button', { name: 'حذف Movies' }));
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    // Never to be taken for the parent PIN (رمز PIN للرقابة الأبوية): docs/i18n.md's glossary.
    expect(dialogs()[0]).toMatchObject({ title: 'أدخل رمز PIN لقائمة التشغيل', input: 'password' });
  });

  it('checks a playlist and shows the result in Arabic', async () => {
    await setTestLocale('ar');
    const { user } = renderPlaylistPages([
      playlistsMock([sports]),
      {
        request: { query: CheckPlaylistDocument, variables: { input: { id: 'p1', pin: null } } },
        result: { data: { checkPlaylist: buildPlaylistCheck({ verdict: 'WARNING', durationMs: 300 }) } },
      },
    ]);
    await list();
    await user.click(screen.getByRole('button', { name: 'فحص Sports' }));
    const card = await screen.findByRole('region', { name: `فحص «${isolated('Sports')}»` });
    expect(within(card).getByText('تعمل مع تحذيرات')).toHaveClass('verdict--warning');
    expect(card).toHaveTextContent('استغرق الفحص 300 ملّي ثانية');
    expect(within(card).getByRole('button', { name: 'إغلاق فحص Sports' })).toHaveTextContent('إغلاق');
    expect(screen.getByRole('status')).toHaveTextContent(`${isolated('Sports')}: تعمل مع تحذيرات.`);
  });
});
