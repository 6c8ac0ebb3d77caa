import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Swal from 'sweetalert2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../common/messages';
import type { PlaylistValues } from '../../../../common/validation';
import { PlaylistForm } from './playlists/PlaylistForm';
import { formDefaults } from './playlists/playlistModel';
import type { PlaylistKind } from './playlists/playlistModel';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(() => Promise.resolve({ isConfirmed: true })) } }));

const m = messages.playlist;

function renderForm(kind: PlaylistKind, onSave = vi.fn<(values: PlaylistValues) => Promise<void>>()) {
  const onCancel = vi.fn();
  render(
    <PlaylistForm kind={kind} heading="Form" defaultValues={formDefaults(kind)} onSave={onSave} onCancel={onCancel} />,
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
    expect(screen.queryByLabelText('PIN')).not.toBeInTheDocument();

    const protect = screen.getByRole('switch', { name: 'Protect this playlist' });
    await user.click(protect);
    expect(protect).toBeChecked();
    expect(screen.getByLabelText('PIN')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm PIN')).toHaveAttribute('type', 'password');

    await save();
    expect(shownErrors()).toEqual([m.pinRequired]);

    await user.type(screen.getByLabelText('PIN'), '1234');
    await user.type(screen.getByLabelText('Confirm PIN'), '1243');
    await save();
    expect(shownErrors()).toEqual([m.pinMismatch]);
    expect(screen.getByLabelText('Confirm PIN')).toHaveAccessibleDescription(m.pinMismatch);

    await user.clear(screen.getByLabelText('Confirm PIN'));
    expect(shownErrors()).toEqual([]);
    await user.type(screen.getByLabelText('Confirm PIN'), '1234');
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
