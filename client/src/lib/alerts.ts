import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { SweetAlertIcon } from 'sweetalert2';
import { messages } from '../../../common/messages';
import { useLocale } from '../i18n/LocaleProvider';
import { CONFIRM_BUTTON_COLOR } from './dialogTheme';

/**
 * The words of the dialogs in the page's language: their buttons and the PIN prompt, and a translator for the
 * shared messages (common/messages.ts) that arrive here as their English. Dialogs open outside React (from event
 * handlers and effects), so the language is registered by the apps' frames (`useDialogLanguage`); with none
 * registered (a screen rendered alone, in a test) they speak English.
 */
interface DialogLanguage {
  ok: string;
  cancel: string;
  /** The title of the prompt for a protected playlist's PIN (never the parent PIN's). */
  enterPin: string;
  pin: string;
  /** A shared message's English in the language; any other text (already translated, a server's) as it is. */
  text: (english: string) => string;
}

const ENGLISH: DialogLanguage = {
  ok: 'OK',
  cancel: 'Cancel',
  enterPin: 'Enter Playlist PIN',
  pin: 'PIN',
  text: (english) => english,
};

// The frames mounted (the portal's root, the dashboard, the sign-in screen): the last one speaks.
const registered: DialogLanguage[] = [];

function language(): DialogLanguage {
  return registered.at(-1) ?? ENGLISH;
}

/** Makes the dialogs speak the page's language while the calling component is mounted. */
export function useDialogLanguage(): void {
  const intl = useIntl();
  const { text } = useLocale();
  const ok = intl.formatMessage({ id: 'dialog.ok', defaultMessage: 'OK' });
  const cancel = intl.formatMessage({ id: 'dialog.cancel', defaultMessage: 'Cancel' });
  // A playlist's own PIN, named apart from the parent PIN (docs/i18n.md's glossary): the only PIN this prompt asks.
  const enterPin = intl.formatMessage({ id: 'dialog.enterPlaylistPin', defaultMessage: 'Enter Playlist PIN' });
  const pin = intl.formatMessage({ id: 'dialog.pin', defaultMessage: 'PIN' });
  useEffect(() => {
    const entry: DialogLanguage = { ok, cancel, enterPin, pin, text: (english) => text(english) };
    registered.push(entry);
    return () => {
      const index = registered.indexOf(entry);
      if (index >= 0) registered.splice(index, 1);
    };
  }, [ok, cancel, enterPin, pin, text]);
}

/** The Cancel button's label in the page's language, for a dialog a screen opens itself. */
export function cancelButtonText(): string {
  return language().cancel;
}

function say(value: string): string;
function say(value: string | undefined): string | undefined;
function say(value: string | undefined): string | undefined {
  return value === undefined ? undefined : language().text(value);
}

/**
 * sweetalert2 (about 25 KB gzip) loads with the first dialog, not with the page: the sign-in screen and most
 * portal pages show none before the owner acts, and a phone should not parse it before the form is usable.
 */
function dialogs() {
  return import('sweetalert2').then((module) => module.default);
}

/**
 * A short success notice that closes itself and does not hold up whatever happens next: a toast at the top of the
 * page, read out by screen readers (role alert, polite), which takes no keyboard focus. (A modal dialog would move
 * the focus into itself, hide the page from screen readers and trap Tab for the 1.5 s it shows: a keyboard user
 * who signs in and goes on typing would lose their place.) Escape closes it early.
 */
export function notifySuccess(title: string) {
  const shown = say(title);
  void dialogs().then((Swal) => {
    const closeOnEscape = (event: KeyboardEvent) => {
      // Only this notice: a dialog shown after it answers Escape itself.
      if (event.key === 'Escape' && Swal.getPopup()?.classList.contains('swal2-toast')) Swal.close();
    };
    return Swal.fire({
      toast: true,
      position: 'top',
      icon: 'success',
      title: shown,
      timer: 1500,
      showConfirmButton: false,
      didOpen: () => document.addEventListener('keydown', closeOnEscape),
      willClose: () => document.removeEventListener('keydown', closeOnEscape),
    });
  });
}

/** A dialog the owner dismisses; resolves once it is closed, so the next step can wait for it. */
export async function showAlert(icon: SweetAlertIcon, title: string, text?: string): Promise<void> {
  const { ok } = language();
  const shown = { title: say(title), text: say(text) };
  const Swal = await dialogs();
  await Swal.fire({ icon, ...shown, confirmButtonText: ok, confirmButtonColor: CONFIRM_BUTTON_COLOR });
}

/** An error dialog the owner dismisses. */
export function alertError(title: string, text?: string) {
  void showAlert('error', title, text);
}

/** The spec's 'Wrong PIN!' / 'Please try again!' dialog. */
export function showWrongPin(): Promise<void> {
  return showAlert('error', messages.playlist.wrongPin, messages.playlist.tryAgain);
}

/**
 * Asks for a protected playlist's PIN. Resolves with what was typed, or null when the owner cancels. The PIN
 * is only checked for presence here: the server decides whether it is right.
 */
export async function promptPin(text?: string): Promise<string | null> {
  const words = language();
  const pinRequired = say(messages.playlist.pinRequired);
  const shownText = say(text);
  const Swal = await dialogs();
  const result = await Swal.fire<string>({
    title: words.enterPin,
    text: shownText,
    input: 'password',
    inputPlaceholder: words.pin,
    // A PIN is Latin digits, typed and read left to right.
    inputAttributes: {
      'aria-label': words.pin,
      autocomplete: 'off',
      autocapitalize: 'off',
      autocorrect: 'off',
      dir: 'ltr',
    },
    showCancelButton: true,
    confirmButtonText: words.ok,
    cancelButtonText: words.cancel,
    confirmButtonColor: CONFIRM_BUTTON_COLOR,
    inputValidator: (value) => (value ? undefined : pinRequired),
  });
  return result.isConfirmed && typeof result.value === 'string' && result.value ? result.value : null;
}

/** A yes/no question; resolves true only when the owner confirms. */
export async function confirmAction({
  title,
  text,
  confirmText,
}: {
  title: string;
  text?: string;
  confirmText: string;
}): Promise<boolean> {
  const words = language();
  const shown = { title: say(title), text: say(text), confirmButtonText: say(confirmText) };
  const Swal = await dialogs();
  const result = await Swal.fire({
    icon: 'warning',
    ...shown,
    showCancelButton: true,
    cancelButtonText: words.cancel,
    confirmButtonColor: CONFIRM_BUTTON_COLOR,
    focusCancel: true,
  });
  return result.isConfirmed;
}
