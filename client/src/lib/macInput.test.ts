import { describe, expect, it } from 'vitest';
import { MAC_MAX_LENGTH, backspaceOverSeparator, formatMacInput, formatPastedMac } from './macInput';

/** Types `text` one character at a time at the end of the field, as formatMacInput sees it. */
function typeForward(text: string, start = ''): string {
  let value = start;
  for (const character of text) value = formatMacInput(value, value + character);
  return value;
}

describe('formatMacInput', () => {
  it('adds a colon after each of the first five hex pairs while typing forward', () => {
    expect(formatMacInput('a', 'a1')).toBe('a1:');
    expect(formatMacInput('a1:b', 'a1:b2')).toBe('a1:b2:');
    expect(formatMacInput('a1:b2:c', 'a1:b2:c3')).toBe('a1:b2:c3:');
    expect(formatMacInput('a1:b2:c3:d', 'a1:b2:c3:d4')).toBe('a1:b2:c3:d4:');
    expect(formatMacInput('a1:b2:c3:d4:e', 'a1:b2:c3:d4:e5')).toBe('a1:b2:c3:d4:e5:');
  });

  it('adds no colon after the sixth pair, which ends the address at 17 characters', () => {
    expect(formatMacInput('a1:b2:c3:d4:e5:', 'a1:b2:c3:d4:e5:f')).toBe('a1:b2:c3:d4:e5:f');
    expect(formatMacInput('a1:b2:c3:d4:e5:f', 'a1:b2:c3:d4:e5:f6')).toBe('a1:b2:c3:d4:e5:f6');
  });

  it('leaves lengths between the pairs alone', () => {
    expect(formatMacInput('', 'a')).toBe('a');
    expect(formatMacInput('a1:', 'a1:b')).toBe('a1:b');
  });

  it('turns twelve typed hex digits into a full address', () => {
    expect(typeForward('a1b2c3d4e5f6')).toBe('a1:b2:c3:d4:e5:f6');
  });

  it('never grows past 17 characters', () => {
    expect(formatMacInput('a1:b2:c3:d4:e5:f6', 'a1:b2:c3:d4:e5:f67')).toBe('a1:b2:c3:d4:e5:f6');
    expect(typeForward('a1b2c3d4e5f6a7b8').length).toBe(MAC_MAX_LENGTH);
  });

  it('does not double a separator typed right after an inserted one', () => {
    expect(formatMacInput('a1:', 'a1::')).toBe('a1:');
    expect(formatMacInput('a1:', 'a1:-')).toBe('a1:');
  });

  it('adds nothing while deleting or editing away from the end', () => {
    expect(formatMacInput('a1:b', 'a1:')).toBe('a1:');
    expect(formatMacInput('a1:b2:c', 'a1:b')).toBe('a1:b');
    expect(formatMacInput('a', 'xa', false)).toBe('xa');
    expect(formatMacInput('a1:b', 'a1:b2', false)).toBe('a1:b2');
  });
});

describe('backspaceOverSeparator', () => {
  it('removes a colon before the caret together with the character before it', () => {
    expect(backspaceOverSeparator('a1:', 3)).toEqual({ value: 'a', caret: 1 });
    expect(backspaceOverSeparator('a1:b2:c3', 6)).toEqual({ value: 'a1:bc3', caret: 4 });
  });

  it('treats a hyphen the same way', () => {
    expect(backspaceOverSeparator('a1-b2-', 6)).toEqual({ value: 'a1-b', caret: 4 });
  });

  it('leaves ordinary characters to the browser', () => {
    expect(backspaceOverSeparator('a1:b', 4)).toBeNull();
    expect(backspaceOverSeparator('a1:b2', 2)).toBeNull();
    expect(backspaceOverSeparator('', 0)).toBeNull();
  });

  it('copes with a separator at the very start', () => {
    expect(backspaceOverSeparator(':a', 1)).toEqual({ value: 'a', caret: 0 });
  });
});

describe('formatPastedMac', () => {
  it('formats twelve hex digits without separators', () => {
    expect(formatPastedMac('a1b2c3d4e5f6')).toBe('a1:b2:c3:d4:e5:f6');
    expect(formatPastedMac('  A1B2C3D4E5F6\n')).toBe('A1:B2:C3:D4:E5:F6');
  });

  it('reformats the dotted and hyphenated forms routers show', () => {
    expect(formatPastedMac('a1b2.c3d4.e5f6')).toBe('a1:b2:c3:d4:e5:f6');
    expect(formatPastedMac('A1-B2-C3-D4-E5-F6')).toBe('A1:B2:C3:D4:E5:F6');
  });

  it('returns null for anything that is not twelve hex digits', () => {
    expect(formatPastedMac('a1b2c3d4e5')).toBeNull();
    expect(formatPastedMac('a1b2c3d4e5f6a7')).toBeNull();
    expect(formatPastedMac('g1b2c3d4e5f6')).toBeNull();
    expect(formatPastedMac('')).toBeNull();
  });
});
