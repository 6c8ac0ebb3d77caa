import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '../../../common/messages';
import { Localizer } from './localizer';

function langDir(files: Record<string, Record<string, string>>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lang-'));
  for (const [tag, content] of Object.entries(files)) writeFileSync(path.join(dir, `${tag}.json`), JSON.stringify(content));
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
