import Swal from 'sweetalert2';
import { CONFIRM_BUTTON_COLOR } from './dialogTheme';

/** A short success notice that closes itself and does not hold up whatever happens next. */
export function notifySuccess(title: string) {
  void Swal.fire({
    icon: 'success',
    title,
    timer: 1500,
    showConfirmButton: false,
    confirmButtonColor: CONFIRM_BUTTON_COLOR,
  });
}

/** An error dialog the owner dismisses. */
export function alertError(title: string, text?: string) {
  void Swal.fire({ icon: 'error', title, text, confirmButtonColor: CONFIRM_BUTTON_COLOR });
}
