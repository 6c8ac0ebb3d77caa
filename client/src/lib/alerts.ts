import type { SweetAlertIcon } from 'sweetalert2';
import { messages } from '../../../common/messages';
import { CONFIRM_BUTTON_COLOR } from './dialogTheme';

/**
 * sweetalert2 (about 25 KB gzip) loads with the first dialog, not with the page: the sign-in screen and most
 * portal pages show none before the owner acts, and a phone should not parse it before the form is usable.
 */
function dialogs() {
  return import('sweetalert2').then((module) => module.default);
}

/** A short success notice that closes itself and does not hold up whatever happens next. */
export function notifySuccess(title: string) {
  void dialogs().then((Swal) =>
    Swal.fire({
      icon: 'success',
      title,
      timer: 1500,
      showConfirmButton: false,
      confirmButtonColor: CONFIRM_BUTTON_COLOR,
    }),
  );
}

/** A dialog the owner dismisses; resolves once it is closed, so the next step can wait for it. */
export async function showAlert(icon: SweetAlertIcon, title: string, text?: string): Promise<void> {
  const Swal = await dialogs();
  await Swal.fire({ icon, title, text, confirmButtonColor: CONFIRM_BUTTON_COLOR });
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
  const Swal = await dialogs();
  const result = await Swal.fire<string>({
    title: 'Enter PIN',
    text,
    input: 'password',
    inputPlaceholder: 'PIN',
    inputAttributes: { 'aria-label': 'PIN', autocomplete: 'off', autocapitalize: 'off', autocorrect: 'off' },
    showCancelButton: true,
    confirmButtonText: 'OK',
    confirmButtonColor: CONFIRM_BUTTON_COLOR,
    inputValidator: (value) => (value ? undefined : messages.playlist.pinRequired),
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
  const Swal = await dialogs();
  const result = await Swal.fire({
    icon: 'warning',
    title,
    text,
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: 'Cancel',
    confirmButtonColor: CONFIRM_BUTTON_COLOR,
    focusCancel: true,
  });
  return result.isConfirmed;
}
