import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import Swal from 'sweetalert2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../common/messages';
import type { PlaylistValues } from '../../../../common/validation';
import { CheckPlaylistValuesDocument } from '../../__generated__/graphql';
import type { PlaylistInput } from '../../__generated__/graphql';
import { translatorFor } from '../../i18n/locale';
import { dialogs } from '../../test/dialogs';
import { buildPlaylistCheck } from '../../test/factories';
import { setTestLocale } from '../../test/locale';
import { graphQLFailure } from '../../test/playlistPages';
import { PlaylistForm } from './playlists/PlaylistForm';
import { formDefaults } from './playlists/playlistModel';
import type { PlaylistKind } from './playlists/playlistModel';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(() => Promise.resolve({ isConfirmed: true })) } }));

const m = messages.playlist;

function renderForm(
  kind: PlaylistKind,
  onSave = vi.fn<(values: PlaylistValues) => Promise<void>>(),
  mocks: MockLink.MockedResponse[] = [],
) {
  const onCancel = vi.fn();
  render(
    <MockedProvider mocks={mocks}>
      <PlaylistForm kind={kind} heading="Form" defaultValues={formDefaults(kind)} onSave={onSave} onCancel={onCancel} />
    </MockedProvider>,
  );
  const user = userEvent.setup();
  return { user, onSave, onCancel, save: () => user.click(screen.getByRole('button', { name: 'Save' })) };
}

/** The validation messages shown, in page order. */
function shownErrors() {
  return Array.from(document.querySelectorAll('.field-error'), (element) => element.textContent);
}

beforeEach(() => {
  vi.mocked(Swal.fire).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PlaylistForm', () => {
  it('general: names its fields and shows the spec’s messages on submit only', async () => {
    const { user, save, onSave } = renderForm('general');
    await waitFor(() => expect(screen.getByLabelText('Playlist name')).toHaveFocus());
    expect(screen.getByLabelText('Playlist URL')).toBeInTheDocument();
    expect(screen.getByLabelText('XMLTV EPG URL (optional)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(shownErrors()).toEqual([]);

    await save();
    expect(shownErrors()).toEqual([m.nameRequired, m.urlRequired]);
    expect(screen.getByLabelText('Playlist name')).toHaveAccessibleDescription(m.nameRequired);

    await user.type(screen.getByLabelText('Playlist URL'), 'www.example.com/list.m3u');
    expect(shownErrors()).toEqual([m.nameRequired]);
    await user.type(screen.getByLabelText('XMLTV EPG URL (optional)'), 'epg.xml');
    await save();
    expect(shownErrors()).toEqual([m.nameRequired, m.urlInvalid, m.urlInvalid]);

    await user.type(screen.getByLabelText('Playlist name'), 'Sports');
    expect(shownErrors()).toEqual([m.urlInvalid, m.urlInvalid]);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('general: saves the parsed values', async () => {
    const { user, save, onSave } = renderForm(
      'general',
      vi.fn(() => Promise.resolve()),
    );
    await user.type(screen.getByLabelText('Playlist name'), '  Sports ');
    await user.type(screen.getByLabelText('Playlist URL'), 'https://provider.example/list.m3u8');
    await save();
    expect(onSave).toHaveBeenCalledWith({
      name: 'Sports',
      type: 'general',
      url: 'https://provider.example/list.m3u8',
      epgUrl: null,
      username: null,
      password: null,
      playlistCode: null,
      isProtected: false,
      pin: null,
    });
  });

  it('xc: host, username and password with the XC messages, and a password that can be shown', async () => {
    const { user, save } = renderForm('xc');
    await save();
    expect(shownErrors()).toEqual([m.nameRequired, m.hostRequired, m.usernameRequired, m.passwordRequired]);

    await user.type(screen.getByLabelText('Host URL'), 'provider.example:8080');
    await save();
    expect(screen.getByLabelText('Host URL')).toHaveAccessibleDescription(m.hostInvalid);

    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('code: a 6-digit numeric field whose required message reads as the spec has it', async () => {
    const { user, save } = renderForm('code');
    const code = screen.getByLabelText('Playlist code');
    expect(code).toHaveAttribute('maxLength', '6');
    expect(code).toHaveAttribute('inputMode', 'numeric');
    expect(screen.queryByLabelText('Playlist URL')).not.toBeInTheDocument();

    await save();
    expect(shownErrors()).toEqual([m.nameRequired, 'Username is required']);
    expect(code).toHaveAccessibleDescription('Username is required');

    await user.type(code, '12a4');
    await save();
    expect(code).toHaveAccessibleDescription('Playlist code must be 6 digits (Only Numbers)');
  });

  it('protection: the switch reveals the PINs, which are required and must match', async () => {
    const { user, save, onSave } = renderForm(
      'code',
      vi.fn(() => Promise.resolve()),
    );
    await user.type(screen.getByLabelText('Playlist name'), 'Kids');
    await user.type(screen.getByLabelText('Playlist code'), '123456');
    expect(screen.queryByLabelText('Playlist PIN')).not.toBeInTheDocument();

    const protect = screen.getByRole('switch', { name: 'Protect this playlist' });
    await user.click(protect);
    expect(protect).toBeChecked();
    expect(screen.getByLabelText('Playlist PIN')).toHaveAttribute('type', 'password');
    // The spec leaves the length open; the cap there is, the form says.
    expect(screen.getByLabelText('Playlist PIN')).toHaveAccessibleDescription(
      'Any characters you like, up to 1,000. It opens only this playlist: it is not the parent PIN.',
    );
    expect(screen.getByLabelText('Confirm playlist PIN')).toHaveAttribute('type', 'password');

    await save();
    expect(shownErrors()).toEqual([m.pinRequired]);

    await user.type(screen.getByLabelText('Playlist PIN'), '1234');
    await user.type(screen.getByLabelText('Confirm playlist PIN'), '1243');
    await save();
    expect(shownErrors()).toEqual([m.pinMismatch]);
    expect(screen.getByLabelText('Confirm playlist PIN')).toHaveAccessibleDescription(m.pinMismatch);

    await user.clear(screen.getByLabelText('Confirm playlist PIN'));
    expect(shownErrors()).toEqual([]);
    await user.type(screen.getByLabelText('Confirm playlist PIN'), '1234');
    await save();
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ isProtected: true, pin: '1234', type: 'code' }));
  });

  it('turning protection off drops the PIN errors and saves without a PIN', async () => {
    const { user, save, onSave } = renderForm(
      'general',
      vi.fn(() => Promise.resolve()),
    );
    await user.type(screen.getByLabelText('Playlist name'), 'Sports');
    await user.type(screen.getByLabelText('Playlist URL'), 'http://provider.example/list.m3u');
    await user.click(screen.getByRole('switch', { name: 'Protect this playlist' }));
    await save();
    expect(shownErrors()).toEqual([m.pinRequired]);
    await user.click(screen.getByRole('switch', { name: 'Protect this playlist' }));
    expect(shownErrors()).toEqual([]);
    await save();
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ isProtected: false, pin: null }));
  });

  it('disables Save and marks it busy while saving', async () => {
    let finish = () => {};
    const { user, save } = renderForm(
      'code',
      vi.fn(() => new Promise<void>((resolve) => (finish = resolve))),
    );
    await user.type(screen.getByLabelText('Playlist name'), 'Mine');
    await user.type(screen.getByLabelText('Playlist code'), '123456');
    await save();
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    finish();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('Cancel leaves without saving', async () => {
    const { user, onCancel, onSave } = renderForm('xc');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('PlaylistForm: Check', () => {
  const GENERAL: PlaylistInput = {
    name: '',
    type: 'GENERAL',
    url: 'http://provider.example/list.m3u',
    epgUrl: null,
    username: null,
    password: null,
    playlistCode: null,
    isProtected: false,
    pin: null,
  };

  function checkedValues(input: PlaylistInput, answer: object, delay = 0): MockLink.MockedResponse {
    return { request: { query: CheckPlaylistValuesDocument, variables: { input } }, ...answer, delay };
  }

  const plays = (check = buildPlaylistCheck()) => ({ result: { data: { checkPlaylistValues: check } } });
  const checkButton = () => screen.getByRole('button', { name: /^Check/ });

  it('general: checks the values as they are, name or not, without saving, and shows the result', async () => {
    const { user, onSave } = renderForm('general', undefined, [
      checkedValues(GENERAL, plays(buildPlaylistCheck({ message: 'The playlist opens: 2 channels in 1 group.' })), 150),
    ]);
    await user.type(screen.getByLabelText('Playlist URL'), 'http://provider.example/list.m3u');
    // Protection does not matter to a check, so an unfinished PIN does not stop it (nor is it sent).
    await user.click(screen.getByRole('switch', { name: 'Protect this playlist' }));
    expect(checkButton()).toHaveAttribute('type', 'button');
    await user.click(checkButton());

    expect(checkButton()).toHaveTextContent('Checking…');
    expect(checkButton()).toBeDisabled();
    expect(checkButton()).toHaveAttribute('aria-busy', 'true');

    const card = await screen.findByRole('region', { name: 'Check result' });
    expect(within(card).getByText('Will play')).toBeInTheDocument();
    expect(card).toHaveTextContent('The playlist opens: 2 channels in 1 group.');
    expect(checkButton()).toHaveTextContent(/^Check$/);
    expect(checkButton()).toBeEnabled();
    expect(shownErrors()).toEqual([]);
    expect(onSave).not.toHaveBeenCalled();
    expect(dialogs()).toEqual([]);
  });

  it('xc: sends the account’s host, username, password and guide, and the name when there is one', async () => {
    const { user } = renderForm('xc', undefined, [
      checkedValues(
        {
          name: 'My provider',
          type: 'XC',
          url: 'http://xc.example:8080',
          epgUrl: 'http://xc.example/epg.xml',
          username: 'alice',
          password: 's3cret!',
          playlistCode: null,
          isProtected: false,
          pin: null,
        },
        plays(
          buildPlaylistCheck({
            verdict: 'WARNING',
            warnings: ['The account expires in 3 days.'],
            m3u: null,
            xc: {
              status: 'Active',
              state: 'ACTIVE',
              allowedFormats: null,
              expiresAt: null,
              isTrial: false,
              maxConnections: 1,
              activeConnections: 0,
              liveCategories: 40,
              liveCategoryNames: null,
              vodCategories: 12,
              seriesCategories: 8,
            },
          }),
        ),
      ),
    ]);
    await user.type(screen.getByLabelText('Playlist name'), ' My provider ');
    await user.type(screen.getByLabelText('Host URL'), 'http://xc.example:8080');
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 's3cret!');
    await user.type(screen.getByLabelText('XMLTV EPG URL (optional)'), 'http://xc.example/epg.xml');
    await user.click(checkButton());

    const card = await screen.findByRole('region', { name: 'Check result' });
    expect(within(card).getByText('Plays, with warnings')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Warnings' })).toHaveTextContent('The account expires in 3 days.');
    expect(within(card).getByRole('heading', { name: 'Account' })).toBeInTheDocument();
  });

  it('shows the form’s messages on the fields a check needs, and sends nothing', async () => {
    const { user } = renderForm('xc');
    await user.type(screen.getByLabelText('Host URL'), 'provider.example:8080');
    await user.click(checkButton());
    // No name needed; the account's fields are.
    expect(shownErrors()).toEqual([m.hostInvalid, m.usernameRequired, m.passwordRequired]);
    expect(screen.getByLabelText('Host URL')).toHaveAccessibleDescription(m.hostInvalid);
    expect(screen.getByLabelText('Host URL')).toHaveFocus();
    expect(checkButton()).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Check result' })).not.toBeInTheDocument();
    expect(dialogs()).toEqual([]);
  });

  it('shows the server’s field messages on the fields', async () => {
    const { user } = renderForm('general', undefined, [
      checkedValues(GENERAL, {
        result: graphQLFailure('BAD_USER_INPUT', 'Invalid playlist', { fieldErrors: { url: 'Invalid URL Format' } }),
      }),
    ]);
    await user.type(screen.getByLabelText('Playlist URL'), 'http://provider.example/list.m3u');
    await user.click(checkButton());
    await waitFor(() =>
      expect(screen.getByLabelText('Playlist URL')).toHaveAccessibleDescription('Invalid URL Format'),
    );
    expect(dialogs()).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Check result' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'too many checks',
      { result: graphQLFailure('RATE_LIMITED', 'Too many checks. Please wait a minute.') },
      'Too many checks. Please wait a minute.',
    ],
    ['a network failure', { error: new Error('Failed to fetch') }, 'Request failed, please try again later.'],
    [
      'another GraphQL error',
      { result: graphQLFailure('INTERNAL_SERVER_ERROR', 'Unexpected error.') },
      'Request failed, please try again later.',
    ],
  ])('reports %s in a dialog', async (_case, answer, title) => {
    const { user } = renderForm('general', undefined, [checkedValues(GENERAL, answer)]);
    await user.type(screen.getByLabelText('Playlist URL'), 'http://provider.example/list.m3u');
    await user.click(checkButton());
    await waitFor(() => expect(dialogs()).toEqual([expect.objectContaining({ icon: 'error', title })]));
    expect(checkButton()).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Check result' })).not.toBeInTheDocument();
  });

  it('code: has no Check button', () => {
    renderForm('code');
    expect(screen.queryByRole('button', { name: /^Check/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});

describe('PlaylistForm in Arabic', () => {
  it('xc: labels, buttons and the form’s messages in Arabic, credentials typed left to right', async () => {
    await setTestLocale('ar');
    const { user } = renderForm('xc');
    await waitFor(() => expect(screen.getByLabelText('اسم قائمة التشغيل')).toHaveFocus());
    expect(screen.getByLabelText('رابط الخادم')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('اسم المستخدم')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('كلمة المرور')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('رابط دليل البرامج (XMLTV EPG) (اختياري)')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: 'إظهار كلمة المرور' })).toBeInTheDocument();
    for (const name of ['إلغاء', 'فحص', 'حفظ']) expect(screen.getByRole('button', { name })).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'حماية قائمة التشغيل هذه' }));
    expect(screen.getByLabelText('رمز PIN لقائمة التشغيل')).toBeInTheDocument();
    expect(screen.getByLabelText('تأكيد رمز PIN لقائمة التشغيل')).toBeInTheDocument();
    expect(
      screen.getByText(/^أي أحرف تريدها، بحد أقصى [\d,٬]+ حرف\. يفتح قائمة التشغيل هذه وحدها/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    // The schema's messages arrive as their English (common/messages.ts) and are shown in the page's language.
    const { text } = translatorFor('ar');
    expect(text(m.nameRequired)).not.toBe(m.nameRequired);
    expect(shownErrors()).toEqual([
      text(m.nameRequired),
      text(m.hostRequired),
      text(m.usernameRequired),
      text(m.passwordRequired),
      text(m.pinRequired),
    ]);
  });

  it('code: its field and placeholder in Arabic', async () => {
    await setTestLocale('ar');
    renderForm('code');
    expect(screen.getByLabelText('رمز قائمة التشغيل')).toHaveAttribute('placeholder', '6 أرقام');
    expect(screen.queryByRole('button', { name: 'فحص' })).not.toBeInTheDocument();
  });

  it('general: checks the values and shows the verdict in Arabic', async () => {
    await setTestLocale('ar');
    const input: PlaylistInput = {
      name: '',
      type: 'GENERAL',
      url: 'http://provider.example/list.m3u',
      epgUrl: null,
      username: null,
      password: null,
      playlistCode: null,
      isProtected: false,
      pin: null,
    };
    const { user } = renderForm('general', undefined, [
      {
        request: { query: CheckPlaylistValuesDocument, variables: { input } },
        result: { data: { checkPlaylistValues: buildPlaylistCheck({ verdict: 'FAILED', problem: 'TIMEOUT' }) } },
      },
    ]);
    await user.type(screen.getByLabelText('رابط قائمة التشغيل'), 'http://provider.example/list.m3u');
    await user.click(screen.getByRole('button', { name: 'فحص' }));
    const card = await screen.findByRole('region', { name: 'نتيجة الفحص' });
    expect(within(card).getByText('لن تعمل')).toHaveClass('verdict--failed');
    expect(within(card).getByText('لم يردّ الخادم في الوقت المحدد')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^لن تعمل\. /);
  });
});
