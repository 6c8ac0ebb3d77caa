import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '../../../common/messages';
import type { Request } from 'express';
import { Localizer } from './localizer';

function langDir(files: Record<string, Record<string, string>>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lang-'));
  for (const [tag, content] of Object.entries(files))
    writeFileSync(path.join(dir, `${tag}.json`), JSON.stringify(content));
  return dir;
}

describe('Localizer', () => {
  const dir = langDir({
    en: { 'msg.mac.required': messages.mac.required, 'msg.head.title': '{product} | Contact Us' },
    ar: { 'msg.mac.required': '* عنوان MAC مطلوب *', 'msg.head.title': '{product} | اتصل بنا' },
  });
  const localizer = new Localizer(dir);

  it('lists the languages of lang/, English first', () => {
    expect(localizer.locales).toEqual(['en', 'ar']);
  });

  it('says a shared message in the language asked for, by its English', () => {
    expect(localizer.text('ar', messages.mac.required)).toBe('* عنوان MAC مطلوب *');
    expect(localizer.text('en', messages.mac.required)).toBe(messages.mac.required);
  });

  it('fills arguments in both languages', () => {
    expect(localizer.text('ar', '{product} | Contact Us', { product: 'Player' })).toBe('Player | اتصل بنا');
    expect(localizer.text('en', '{product} | Contact Us', { product: 'Player' })).toBe('Player | Contact Us');
  });

  it('leaves text it has no translation for as it is', () => {
    expect(localizer.text('ar', 'Unknown field: x.')).toBe('Unknown field: x.');
  });
});

describe('the product Localizer (lang/)', () => {
  const shared = new Localizer();

  it('says a message with arguments in English word for word, and in Arabic with its plural', () => {
    const wait = (locale: string, minutes: number) => shared.format(locale, messages.rateLimit.signIn, { minutes });
    expect(wait('en', 1)).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    expect(wait('en', 15)).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    expect(wait('ar', 1)).toContain('دقيقة واحدة');
    expect(wait('ar', 2)).toContain('دقيقتين');
    expect(wait('ar', 5)).toContain('5 دقائق');
    expect(wait('ar', 15)).toContain('15 دقيقة');
    expect(shared.format('en', messages.playlist.tooMany, { max: 1000 })).toBe(
      'This device already has 1,000 playlists, the most it can hold. Delete one before adding another.',
    );
  });

  it('says a refusal and its fields in the language asked for; a field that repeats a said message alike', () => {
    const said = { message: messages.rateLimit.pins, values: { minutes: 3 } };
    const english = shared.format('en', said.message, said.values);
    const refusal = { message: english, said, fieldErrors: { pin: english, macAddress: messages.mac.invalid } };
    expect(shared.refusal('en', refusal)).toEqual({ message: english, fieldErrors: refusal.fieldErrors });
    const arabic = shared.refusal('ar', refusal);
    expect(arabic.message).toBe(shared.format('ar', said.message, said.values));
    expect(arabic.message).toContain('3 دقائق');
    expect(arabic.fieldErrors).toEqual({ pin: arabic.message, macAddress: 'عنوان MAC غير صالح' });
    expect(shared.refusal('ar', { message: 'Unknown field: x.' })).toEqual({ message: 'Unknown field: x.' });
    // Invalid input's message is its fields' messages in one: the Arabic ones, which have no asterisks to mark
    // them off, parted by a semicolon.
    const invalid = { mac: messages.mac.invalid, key: messages.loginDeviceKey.required };
    expect(shared.refusal('ar', { message: Object.values(invalid).join(' '), fieldErrors: invalid }).message).toBe(
      'عنوان MAC غير صالح؛ مفتاح الجهاز مطلوب',
    );
    expect(shared.refusal('en', { message: Object.values(invalid).join(' '), fieldErrors: invalid }).message).toBe(
      '* Invalid Mac Address* * Device Key is required *',
    );
  });

  it('reads the language of a request from Accept-Language, English when none of ours or none at all', () => {
    const request = (acceptLanguage?: string) =>
      ({
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
        acceptsLanguages: (locales: string[]) =>
          locales.find((locale) => acceptLanguage?.split(',')[0]?.startsWith(locale)) ?? false,
      }) as unknown as Request;
    expect(shared.ofRequest(request('ar-EG,ar;q=0.9'))).toBe('ar');
    expect(shared.ofRequest(request('fr-FR'))).toBe('en');
    expect(shared.ofRequest(request())).toBe('en');
    expect(shared.ofRequest(undefined)).toBe('en');
  });
});
