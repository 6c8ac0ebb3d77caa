import type { Request, Response } from 'express';
import { absoluteTimeout, sessionCookieName } from './session';

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
