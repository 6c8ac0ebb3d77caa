import type { Request } from 'express';
import { localizer } from './localizer';
import { currentLocale, requestLocale } from './request-locale';

function request(acceptLanguage?: string): Request {
  return {
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    acceptsLanguages: (locales: string[]) => locales.find((locale) => acceptLanguage?.startsWith(locale)) ?? false,
  } as unknown as Request;
}

describe('requestLocale', () => {
  it('keeps the request’s language for everything that runs on its behalf, later turns included', async () => {
    const seen: string[] = [];
    await new Promise<void>((resolve) => {
      requestLocale(localizer())(request('ar-EG'), {} as never, () => {
        seen.push(currentLocale());
        setImmediate(() => {
          void Promise.resolve().then(() => {
            seen.push(currentLocale());
            resolve();
          });
        });
      });
    });
    expect(seen).toEqual(['ar', 'ar']);
  });

  it('is English outside of a request, and for a request that asks for none of ours', () => {
    expect(currentLocale()).toBe('en');
    let seen = '';
    requestLocale(localizer())(request('fr'), {} as never, () => {
      seen = currentLocale();
    });
    expect(seen).toBe('en');
  });
});
