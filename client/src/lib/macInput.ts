/** The longest value the MAC field accepts: six hex pairs and five separators. */
export const MAC_MAX_LENGTH = 17;

// Lengths after which the next separator goes in: the end of each hex pair, up to the fifth separator.
const SEPARATOR_AFTER_LENGTHS = new Set([2, 5, 8, 11, 14]);
const SEPARATORS = new Set([':', '-']);

/**
 * The field's value after an edit from `previous` to `next`. While the owner types forward at the end of the
 * field, a colon follows every hex pair so they never type one themselves.
 */
export function formatMacInput(previous: string, next: string, caretAtEnd = true): string {
  const value = next.slice(0, MAC_MAX_LENGTH);
  const typedForward = value.length > previous.length && value.startsWith(previous);
  if (!typedForward || !caretAtEnd) return value;
  // A separator typed right after one we inserted would double it.
  const typed = value.slice(previous.length);
  if (previous.endsWith(':') && SEPARATORS.has(typed)) return previous;
  return SEPARATOR_AFTER_LENGTHS.has(value.length) ? `${value}:` : value;
}

export interface MacEdit {
  value: string;
  caret: number;
}

/**
 * What Backspace does when the character before the caret is a separator: it takes the separator and the
 * character before it, so deleting never stops on a lone colon. Null when Backspace should act normally.
 */
export function backspaceOverSeparator(value: string, caret: number): MacEdit | null {
  if (caret < 1 || !SEPARATORS.has(value.charAt(caret - 1))) return null;
  const start = Math.max(0, caret - 2);
  return { value: value.slice(0, start) + value.slice(caret), caret: start };
}

/**
 * A pasted MAC written without separators (or with dots or spaces, as some TVs and routers show it) in the
 * field's own form `aa:bb:cc:dd:ee:ff`. Null when the text is not twelve hex digits.
 */
export function formatPastedMac(text: string): string | null {
  const digits = text.trim().replace(/[\s.:-]/g, '');
  if (!/^[0-9a-fA-F]{12}$/.test(digits)) return null;
  return (digits.match(/.{2}/g) ?? []).join(':');
}
