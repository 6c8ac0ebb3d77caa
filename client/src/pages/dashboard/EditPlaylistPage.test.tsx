import { screen, waitFor } from '@testing-library/react';
import Swal from 'sweetalert2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlaylistDocument, UnlockPlaylistDocument, UpdatePlaylistDocument } from '../../__generated__/graphql';
import { buildPlaylist } from '../../test/factories';
import { setTestLocale } from '../../test/locale';
import { answerDialogs, dialogs, graphQLFailure, playlistsMock, renderPlaylistPages } from '../../test/playlistPages';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn() } }));

const locked = buildPlaylist({
  id: 'p9',
  name: 'Kids',
  type: 'XC',
  isProtected: true,
  locked: true,
  url: null,
});
const opened = {
  ...locked,
  locked: false,
  url: 'http://xc.example:8080',
  username: 'alice',
  password: 'pa55',
  epgUrl: 'http://xc.example/epg.xml',
};

const EDIT = ['/dashboard', '/dashboard/edit/p9'];

function playlistMock(playlist = locked) {
  return { request: { query: PlaylistDocument, variables: { id: playlist.id } }, result: { data: { playlist } } };
}

function unlockMock(pin: string, answer: object) {
  return { request: { query: UnlockPlaylistDocument, variables: { input: { id: 'p9', pin } } }, ...answer };
}

const unlocked = {
  result: { data: { unlockPlaylist: { __typename: 'PlaylistPayload', message: 'Unlocked', playlist: opened } } },
};

beforeEach(() => {
  vi.mocked(Swal.fire).mockReset();
  answerDialogs();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('EditPlaylistPage', () => {
  it('edits an unprotected playlist and goes to /dashboard after saving', async () => {
    const sports = buildPlaylist({ id: 'p1', epgUrl: 'http://provider.example/epg.xml' });
    const { user, router } = renderPlaylistPages(
      [
        playlistMock(sports),
        {
          request: {
            query: UpdatePlaylistDocument,
            variables: {
              input: {
                id: 'p1',
                playlist: {
                  name: 'Sports 2',
                  type: 'GENERAL',
                  url: 'http://provider.example/sports.m3u',
                  epgUrl: 'http://provider.example/epg.xml',
                  username: null,
                  password: null,
                  playlistCode: null,
                  isProtected: false,
                  pin: null,
                },
              },
            },
          },
          result: {
            data: {
              updatePlaylist: {
                __typename: 'PlaylistPayload',
                message: 'Playlist saved.',
                playlist: { ...sports, name: 'Sports 2' },
              },
            },
          },
        },
        playlistsMock([{ ...sports, name: 'Sports 2' }]),
      ],
      ['/dashboard', '/dashboard/edit/p1'],
    );
    const name = await screen.findByLabelText('Playlist name');
    expect(screen.getByRole('heading', { name: 'Edit Playlist' })).toBeInTheDocument();
    expect(name).toHaveValue('Sports');
    expect(screen.getByLabelText('Playlist URL')).toHaveValue('http://provider.example/sports.m3u');
    expect(screen.getByLabelText('XMLTV EPG URL (optional)')).toHaveValue('http://provider.example/epg.xml');
    expect(dialogs()).toEqual([]);

    await user.type(name, ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('row', { name: /Sports 2/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('asks a protected playlist’s PIN, says "Wrong PIN!" when refused, asks again and prefills the form', async () => {
    answerDialogs({ pins: ['0000', '2468'] });
    renderPlaylistPages(
      [
        playlistMock(),
        unlockMock('0000', { result: graphQLFailure('FORBIDDEN', 'Wrong PIN!') }),
        unlockMock('2468', unlocked),
      ],
      EDIT,
    );

    const name = await screen.findByLabelText('Playlist name');
    expect(dialogs().map((dialog) => [dialog.title, dialog.text])).toEqual([
      ['Enter Playlist PIN', '“Kids” is protected.'],
      ['Wrong PIN!', 'Please try again!'],
      ['Enter Playlist PIN', '“Kids” is protected.'],
    ]);
    expect(dialogs()[0]).toMatchObject({ input: 'password' });
    expect(name).toHaveValue('Kids');
    expect(screen.getByLabelText('Host URL')).toHaveValue('http://xc.example:8080');
    expect(screen.getByLabelText('Username')).toHaveValue('alice');
    expect(screen.getByLabelText('Password')).toHaveValue('pa55');
    expect(screen.getByRole('switch', { name: 'Protect this playlist' })).toBeChecked();
    expect(screen.getByLabelText('Playlist PIN')).toHaveValue('2468');
    expect(screen.getByLabelText('Confirm playlist PIN')).toHaveValue('2468');
  });

  it('sends the PIN that opened the playlist as currentPin, with a new PIN', async () => {
    answerDialogs({ pins: ['2468'] });
    const { user, router } = renderPlaylistPages(
      [
        playlistMock(),
        unlockMock('2468', unlocked),
        {
          request: {
            query: UpdatePlaylistDocument,
            variables: {
              input: {
                id: 'p9',
                currentPin: '2468',
                playlist: {
                  name: 'Kids',
                  type: 'XC',
                  url: 'http://xc.example:8080',
                  epgUrl: 'http://xc.example/epg.xml',
                  username: 'alice',
                  password: 'pa55',
                  playlistCode: null,
                  isProtected: true,
                  pin: '1357',
                },
              },
            },
          },
          result: {
            data: { updatePlaylist: { __typename: 'PlaylistPayload', message: 'Playlist saved.', playlist: opened } },
          },
        },
        playlistsMock([locked]),
      ],
      EDIT,
    );
    const pin = await screen.findByLabelText('Playlist PIN');
    await user.clear(pin);
    await user.type(pin, '1357');
    await user.clear(screen.getByLabelText('Confirm playlist PIN'));
    await user.type(screen.getByLabelText('Confirm playlist PIN'), '1357');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Manage Playlists' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('goes back to /dashboard when the PIN prompt is cancelled', async () => {
    answerDialogs({ pins: [] });
    const { router } = renderPlaylistPages([playlistMock(), playlistsMock([locked])], EDIT);
    expect(await screen.findByRole('heading', { name: 'Manage Playlists' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(dialogs()).toHaveLength(1);
  });

  it('shows the server’s message and goes back to /dashboard when attempts are rate limited', async () => {
    answerDialogs({ pins: ['1111'] });
    const { router } = renderPlaylistPages(
      [
        playlistMock(),
        unlockMock('1111', { result: graphQLFailure('RATE_LIMITED', 'Too many wrong PINs. Try again in 5 minutes.') }),
        playlistsMock([locked]),
      ],
      EDIT,
    );
    expect(await screen.findByRole('heading', { name: 'Manage Playlists' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(dialogs()[1]).toMatchObject({ icon: 'error', title: 'Too many wrong PINs. Try again in 5 minutes.' });
  });

  it('says when the playlist does not exist, with a way back', async () => {
    renderPlaylistPages(
      [
        {
          request: { query: PlaylistDocument, variables: { id: 'gone' } },
          result: graphQLFailure('NOT_FOUND', 'Playlist not found'),
        },
      ],
      ['/dashboard/edit/gone'],
    );
    expect(await screen.findByRole('heading', { name: 'This playlist does not exist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your playlists' })).toHaveAttribute('href', '/dashboard');
    await waitFor(() => expect(dialogs()).toEqual([]));
  });
});

describe('EditPlaylistPage in Arabic', () => {
  it('asks a protected playlist’s PIN, then opens the edit form, in Arabic', async () => {
    await setTestLocale('ar');
    answerDialogs({ pins: ['1234'] });
    renderPlaylistPages([playlistMock(), unlockMock('1234', unlocked)], EDIT);
    const host = await screen.findByLabelText('رابط الخادم');
    expect(dialogs()[0]).toMatchObject({ input: 'password', text: 'قائمة التشغيل «\u2068Kids\u2069» محمية.' });
    expect(screen.getByRole('heading', { name: 'تعديل قائمة التشغيل' })).toBeInTheDocument();
    expect(host).toHaveValue('http://xc.example:8080');
    expect(host).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('اسم المستخدم')).toHaveValue('alice');
    expect(screen.getByRole('switch', { name: 'حماية قائمة التشغيل هذه' })).toBeChecked();
  });

  it('says when the playlist does not exist, in Arabic', async () => {
    await setTestLocale('ar');
    renderPlaylistPages(
      [
        {
          request: { query: PlaylistDocument, variables: { id: 'gone' } },
          result: graphQLFailure('NOT_FOUND', 'Playlist not found'),
        },
      ],
      ['/dashboard/edit/gone'],
    );
    expect(await screen.findByRole('heading', { name: 'قائمة التشغيل هذه غير موجودة' })).toBeInTheDocument();
    expect(screen.getByText('ربما حُذفت، أو أن الرابط غير صحيح.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى قوائم التشغيل' })).toHaveAttribute('href', '/dashboard');
  });
});
