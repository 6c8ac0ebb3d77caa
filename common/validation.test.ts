import { formatDisplayDate } from './dates';
import { messages } from './messages';
import {
  contactSchema,
  formatLinkCode,
  linkCodeSchema,
  LOCKED_GROUPS_LIMITS,
  lockedGroupsSchema,
  loginSchema,
  newDeviceKeySchema,
  normalizeMac,
  parentPinSchema,
  PLAYLIST_LIMITS,
  playlistPinSchema,
  playlistSchema,
} from './validation';

function errorsOf(input: unknown): Record<string, string> {
  const result = loginSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('login validation (shared by the form and the server)', () => {
  it('uses the spec messages for missing fields', () => {
    expect(errorsOf({})).toMatchObject({
      macAddress: '* Mac Address is required *',
      deviceKey: '* Device Key is required *',
    });
    expect(errorsOf({ macAddress: '   ', deviceKey: '' })).toMatchObject({
      macAddress: messages.mac.required,
      deviceKey: messages.loginDeviceKey.required,
    });
  });

  it('accepts exactly 17-character MAC addresses of hex pairs', () => {
    expect(errorsOf({ macAddress: 'a1:b2:c3:d4:e5' }).macAddress).toBe('* Invalid Mac Address*');
    expect(errorsOf({ macAddress: 'g1:b2:c3:d4:e5:f6' }).macAddress).toBe('* Invalid Mac Address*');
    expect(errorsOf({ macAddress: 'a1:b2:c3:d4:e5:f6:' }).macAddress).toBe('* Invalid Mac Address*');
    expect(errorsOf({ macAddress: 'A1-B2-C3-D4-E5-F6' }).macAddress).toBeUndefined();
  });

  it('wants a 6-digit device key and upper-cases the captcha', () => {
    expect(errorsOf({ deviceKey: '12345' }).deviceKey).toBe('* Invalid Device Key *');
    expect(errorsOf({ deviceKey: '12345a' }).deviceKey).toBe('* Invalid Device Key *');
    const ok = loginSchema.parse({
      macAddress: 'A1-B2-C3-D4-E5-F6',
      deviceKey: '012345',
      captcha: 'ab3De',
      captchaToken: 't',
    });
    expect(ok).toEqual({ macAddress: 'a1:b2:c3:d4:e5:f6', deviceKey: '012345', captcha: 'AB3DE', captchaToken: 't' });
  });

  it('normalises MAC addresses to lower case with colons', () => {
    expect(normalizeMac(' AA-BB-CC-DD-EE-FF ')).toBe('aa:bb:cc:dd:ee:ff');
  });

  it('checks new device keys and parent PINs with the spec messages', () => {
    expect(newDeviceKeySchema.safeParse('12345').error?.issues[0]?.message).toBe(
      '*Device key must be 6 digits (Only Numbers)',
    );
    expect(newDeviceKeySchema.safeParse('123456').success).toBe(true);
    expect(parentPinSchema.safeParse('123').error?.issues[0]?.message).toBe(
      '*Parent PIN must be 4-6 digits (Only Numbers)',
    );
    expect(parentPinSchema.safeParse('1234567').success).toBe(false);
    expect(parentPinSchema.safeParse('0000').success).toBe(true);
  });
});

describe('formatDisplayDate', () => {
  it("shows 'day Mon. year', or 'Invalid Date'", () => {
    expect(formatDisplayDate(new Date(2026, 10, 21, 12))).toBe('21 Nov. 2026');
    expect(formatDisplayDate('not a date')).toBe('Invalid Date');
    expect(formatDisplayDate(null)).toBe('Invalid Date');
  });
});

describe('contact validation (shared by the form and the server)', () => {
  const valid = { name: 'Amira', email: 'amira@example.com', subject: 'Hello', message: 'It plays.' };
  const errors = (input: Record<string, unknown>) => {
    const result = contactSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it('refuses NUL, which PostgreSQL cannot store (found by fuzzing: it was a 500)', () => {
    expect(errors({ ...valid, name: 'a\u0000b' })).toEqual({ name: '* Name must not contain NUL characters *' });
    expect(errors({ ...valid, subject: 'Hello\u0000' })).toEqual({
      subject: '* Subject must not contain NUL characters *',
    });
    expect(errors({ ...valid, message: '\u0000' })).toEqual({ message: '* Message must not contain NUL characters *' });
    expect(errors({ ...valid, email: 'a\u0000@example.com' })).toEqual({ email: messages.contact.emailInvalid });
  });

  it('keeps everything else as typed: line ends, tabs, other control characters, markup, any script', () => {
    expect(errors({ ...valid, message: 'Line one\r\nLine two\n\tindented \u001b[0m' })).toEqual({});
    expect(errors({ ...valid, name: 'مرحبا 📺 Ελληνικά', subject: 'Hello\r\nBcc: x@example.com' })).toEqual({});
  });
});

describe('link codes (shared by the link page and the server)', () => {
  it('reads a code in any case, with or without its dash or spaces', () => {
    for (const typed of ['BCDF-GHJK', 'bcdf-ghjk', 'bcdfghjk', ' BCDF GHJK ']) {
      expect(linkCodeSchema.parse(typed)).toBe('BCDFGHJK');
    }
    expect(formatLinkCode('BCDFGHJK')).toBe('BCDF-GHJK');
  });

  it('refuses vowels, digits, a wrong length and nothing at all', () => {
    for (const typed of ['ABCD-FGHJ', 'BCDF-GHJ1', 'BCDF-GHJ', 'BCDF-GHJKL', 'x'.repeat(30)]) {
      expect(linkCodeSchema.safeParse(typed).error?.issues[0]?.message).toBe(messages.link.codeInvalid);
    }
    expect(linkCodeSchema.safeParse('  ').error?.issues[0]?.message).toBe(messages.link.codeRequired);
  });
});

describe('locked groups (shared by the parental control form and the server)', () => {
  it('trims, drops blanks and keeps each group once, in the order first given', () => {
    expect(lockedGroupsSchema.parse([' Adults ', 'Sport', 'Adults', '', 'sport'])).toEqual([
      'Adults',
      'Sport',
      'sport',
    ]);
  });

  it('says the limits it holds', () => {
    expect(messages.lockedGroups.tooMany).toContain(String(LOCKED_GROUPS_LIMITS.count));
    expect(messages.lockedGroups.tooLong).toContain(String(LOCKED_GROUPS_LIMITS.length));
    const many = Array.from({ length: LOCKED_GROUPS_LIMITS.count + 1 }, (_, i) => `g${i}`);
    expect(lockedGroupsSchema.safeParse(many).error?.issues[0]?.message).toBe(messages.lockedGroups.tooMany);
    const long = ['x'.repeat(LOCKED_GROUPS_LIMITS.length + 1)];
    expect(lockedGroupsSchema.safeParse(long).error?.issues[0]?.message).toBe(messages.lockedGroups.tooLong);
  });
});

describe("a playlist's PIN (shared by the forms and the server)", () => {
  const protectedPlaylist = (pin: string) => ({
    name: 'Kids',
    type: 'code',
    playlistCode: '123456',
    isProtected: true,
    pin,
  });

  it('is taken as typed, whatever its length up to the documented limit', () => {
    for (const pin of ['x'.repeat(100), ' 12 34 ', 'ü'.repeat(PLAYLIST_LIMITS.pin)]) {
      expect(playlistSchema.parse(protectedPlaylist(pin)).pin).toBe(pin);
      expect(playlistPinSchema.parse(pin)).toBe(pin);
    }
    expect(PLAYLIST_LIMITS.pin).toBeGreaterThanOrEqual(1000);
  });

  it('past the limit is refused with a message, never cut', () => {
    const result = playlistSchema.safeParse(protectedPlaylist('x'.repeat(PLAYLIST_LIMITS.pin + 1)));
    expect(result.error?.issues[0]?.message).toBe('PIN must be at most 1,000 characters');
  });
});
