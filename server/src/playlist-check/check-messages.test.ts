import { english, sayIn } from './check-messages';
import { expiryWarning } from './xc-check';

describe('the line-expiry warning', () => {
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  it('says the hour in 24 hours in English, with the date as the portal writes dates', () => {
    const expiresAt = inHours(3);
    const hour = expiresAt.slice(11, 16);
    const text = english(expiryWarning(expiresAt)!);
    expect(text).toContain(`at ${hour} UTC): renew it now.`);
    expect(text).not.toContain(expiresAt.slice(0, 10));
  });

  it('says the hour in 12 hours with ص or م in Arabic, in Latin digits', () => {
    const expiresAt = inHours(3);
    const utcHour = new Date(expiresAt).getUTCHours();
    const hour12 = utcHour % 12 || 12;
    const minutes = expiresAt.slice(14, 16);
    const text = sayIn('ar', expiryWarning(expiresAt))!;
    // A no-break space: the hour and ص/م stay on one line.
    expect(text).toContain(`${hour12}:${minutes}\u00a0${utcHour < 12 ? 'ص' : 'م'}`);
    expect(text).not.toContain(expiresAt.slice(11, 16) + '⁩');
    expect(text).not.toMatch(/[٠-٩]/);
  });
});
