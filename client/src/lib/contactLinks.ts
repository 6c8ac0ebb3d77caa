/** A tel: link; an international number keeps its '+', or a phone would dial it as a local one. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/** The messaging app's link for the business number (digits only), with a pre-filled text when given. */
export function messagingAppUrl(phoneNumber: string, message?: string): string {
  const base = `https://wa.me/${phoneNumber.replace(/\D/g, '')}`;
  return message === undefined ? base : `${base}?text=${encodeURIComponent(message)}`;
}
