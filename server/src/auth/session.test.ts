import type { Request, Response } from 'express';
import { absoluteTimeout, renewAfterMs, renewSessions, sessionCookieName } from './session';

function fakeRequest(signedInAt?: number) {
  const destroyed = { value: false };
  const req = {
    session: {
      signedInAt,
      destroy(cb: (err?: unknown) => void) {
        destroyed.value = true;
        cb();
      },
    },
  } as unknown as Request;
  return { req, destroyed };
}

describe('absoluteTimeout', () => {
  const HOUR = 3_600_000;
  const now = () => 100 * HOUR;

  it('ends a session older than the limit, however active', () => {
    const { req, destroyed } = fakeRequest(now() - 13 * HOUR);
    const next = jest.fn();
    absoluteTimeout(12 * HOUR, now)(req, {} as Response, next);
    expect(destroyed.value).toBe(true);
    expect(next).toHaveBeenCalledWith(undefined);
  });

  it('leaves younger sessions and anonymous requests alone', () => {
    for (const signedInAt of [now() - 11 * HOUR, undefined]) {
      const { req, destroyed } = fakeRequest(signedInAt);
      const next = jest.fn();
      absoluteTimeout(12 * HOUR, now)(req, {} as Response, next);
      expect(destroyed.value).toBe(false);
      expect(next).toHaveBeenCalledWith();
    }
  });
});

describe('sessionCookieName', () => {
  it('uses the __Host- prefix when the cookie is Secure', () => {
    expect(sessionCookieName(true)).toBe('__Host-sid');
    expect(sessionCookieName(false)).toBe('sid');
  });
});

describe('renewSessions', () => {
  const MINUTE = 60_000;
  const now = () => 1_000 * MINUTE;
  const renew = (session: Record<string, unknown> | undefined) => {
    const next = jest.fn();
    renewSessions(MINUTE, now)({ session } as unknown as Request, {} as Response, next);
    expect(next).toHaveBeenCalledWith();
    return session;
  };

  it('renews a signed-in session last renewed (or signed in) a minute ago or more', () => {
    expect(renew({ deviceId: 'd', signedInAt: now() - MINUTE })!.renewedAt).toBe(now());
    expect(renew({ deviceId: 'd', signedInAt: 0, renewedAt: now() - 5 * MINUTE })!.renewedAt).toBe(now());
  });

  it('leaves recent sessions unchanged, so they are neither written nor sent a cookie', () => {
    expect(renew({ deviceId: 'd', signedInAt: now() - 59_000 })).toEqual({ deviceId: 'd', signedInAt: now() - 59_000 });
    const recent = { deviceId: 'd', signedInAt: 0, renewedAt: now() - 1 };
    expect(renew({ ...recent })).toEqual(recent);
  });

  it('leaves anonymous requests alone', () => {
    expect(renew({})).toEqual({});
    expect(renew(undefined)).toBeUndefined();
  });

  it('renews at most once a minute, more often for idle timeouts under ten minutes', () => {
    expect(renewAfterMs(30 * MINUTE)).toBe(MINUTE);
    expect(renewAfterMs(5 * MINUTE)).toBe(30_000);
  });
});
