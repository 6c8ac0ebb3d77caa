/**
 * A MAC address as the sign-in form's MAC field shows it while it is typed: hex pairs joined by colons, with the
 * colon after a completed pair that the field adds as one types ('a1b2c' → 'a1:b2:c', 'a1b2' → 'a1:b2:'). Text
 * that is not hex digits and separators is left as it is, for the form's rules to judge.
 *
 * For keys typed before the page's script ran (the field's formatting was not there yet): the form takes them in
 * this shape, and the server reads a MAC posted that way as the TV shows it ('a1b2c3d4e5f6' → 'a1:b2:c3:d4:e5:f6').
 */
export function formatTypedMac(text: string): string {
  const digits = text.trim().replace(/[\s.:-]/g, '');
  if (!/^[0-9a-fA-F]{1,12}$/.test(digits)) return text;
  const pairs = digits.match(/.{1,2}/g) ?? [];
  const joined = pairs.join(':');
  return digits.length % 2 === 0 && digits.length < 12 ? `${joined}:` : joined;
}
