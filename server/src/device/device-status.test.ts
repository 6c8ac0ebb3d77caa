import { deviceStanding } from './device-status';

const DAY = 86_400_000;
const created = new Date('2026-01-01T00:00:00Z');
const at = (days: number) => new Date(created.getTime() + days * DAY);

describe('deviceStanding', () => {
  it('is in trial for the configured number of days after creation', () => {
    const device = { createdAt: created, licenceExpiresAt: null, licenceLifetime: false };
    expect(deviceStanding(device, 7, at(6.9))).toEqual({ status: 'TRIAL', isTrial: 1, expireDate: at(7) });
    expect(deviceStanding(device, 7, at(7))).toEqual({ status: 'INACTIVE', isTrial: 0, expireDate: at(7) });
    expect(deviceStanding(device, 14, at(10)).status).toBe('TRIAL');
  });

  it('is active while a paid licence runs, even during the trial', () => {
    const device = { createdAt: created, licenceExpiresAt: at(365), licenceLifetime: false };
    expect(deviceStanding(device, 7, at(1))).toEqual({ status: 'ACTIVE', isTrial: 2, expireDate: at(365) });
    expect(deviceStanding(device, 7, at(366))).toEqual({ status: 'INACTIVE', isTrial: 0, expireDate: at(365) });
  });

  it('is active for life with a lifetime licence', () => {
    expect(deviceStanding({ createdAt: created, licenceExpiresAt: null, licenceLifetime: true }, 7, at(5000))).toEqual({
      status: 'ACTIVE',
      isTrial: 2,
      expireDate: null,
    });
  });
});
