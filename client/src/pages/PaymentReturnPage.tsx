import { Navigate, useLocation } from 'react-router-dom';
import { messages } from '../../../common/messages';

/** What the dashboard's playlist view shows once after a payment (see ManagePlaylistsPage). */
export interface PaymentFlash {
  message: string;
  paymentStatus: 'success' | 'error';
}

/**
 * The card and crypto providers come back to /cowpayReturnUrl and /activation/crypto/redirect
 * (the payment is pending); the others to /device/playlists with `payment_status`, where anything but
 * 'success' means it was cancelled.
 */
export function paymentReturnFlash(pathname: string, search: string): PaymentFlash {
  const cancelled =
    pathname.replace(/\/+$/, '') === '/device/playlists' &&
    new URLSearchParams(search).get('payment_status') !== 'success';
  return cancelled
    ? { message: messages.payment.cancelled, paymentStatus: 'error' }
    : { message: messages.payment.pending, paymentStatus: 'success' };
}

/** Where a payment provider sends the owner back: straight on to the dashboard, with the outcome. */
export default function PaymentReturnPage() {
  const { pathname, search } = useLocation();
  return <Navigate to="/dashboard" replace state={{ flash: paymentReturnFlash(pathname, search) }} />;
}
