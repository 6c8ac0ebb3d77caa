import { scryptSync } from 'node:crypto';
import type * as secrets from './secrets';
import { hashSecret, hashToken, PRODUCTION_SCRYPT_COST, randomDigits, scryptCost, verifySecret } from './secrets';

describe('secrets', () => {
  it('hashes with a fresh salt each time and verifies only the right secret', async () => {
    const a = await hashSecret('123456');
    const b = await hashSecret('123456');
    expect(a).not.toBe(b);
    expect(a).not.toContain('123456');
    expect(await verifySecret('123456', a)).toBe(true);
    expect(await verifySecret('123457', a)).toBe(false);
    expect(await verifySecret('123456', 'garbage')).toBe(false);
  });

  it('makes six-digit keys and stable token hashes', () => {
    for (let i = 0; i < 50; i += 1) expect(randomDigits()).toMatch(/^\d{6}$/);
    expect(hashToken('abc')).toBe(hashToken('abc'));
    expect(hashToken('abc')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the production cost and the stored format', () => {
  // The suites hash at a lower cost (SCRYPT_TEST_COST): this file proves what production stores, at its own cost.
  it('stores scrypt$<salt>$<key> in base64url: a 16-byte salt, a 32-byte key of N=16384, r=8, p=1', async () => {
    let production: typeof secrets | undefined;
    const saved = process.env.SCRYPT_TEST_COST;
    delete process.env.SCRYPT_TEST_COST;
    try {
      jest.isolateModules(() => {
        production = jest.requireActual<typeof secrets>('./secrets');
      });
    } finally {
      if (saved !== undefined) process.env.SCRYPT_TEST_COST = saved;
    }
    const stored = await production!.hashSecret('042917');
    const [scheme, salt, key, ...rest] = stored.split('$');
    expect(scheme).toBe('scrypt');
    expect(rest).toEqual([]);
    expect(salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Node's scrypt with the production parameters, computed here independently of the module.
    const expected = scryptSync('042917', Buffer.from(salt!, 'base64url'), 32, {
      N: 16384,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    expect(Buffer.from(key!, 'base64url').equals(expected)).toBe(true);
    expect(await production!.verifySecret('042917', stored)).toBe(true);
    expect(await production!.verifySecret('042918', stored)).toBe(false);
  });

  it('lowers the cost only for a test run, and only to a power of two', () => {
    expect(PRODUCTION_SCRYPT_COST).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'test', SCRYPT_TEST_COST: '1024' })).toBe(1024);
    expect(scryptCost({ NODE_ENV: 'production', SCRYPT_TEST_COST: '1024' })).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'development', SCRYPT_TEST_COST: '1024' })).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'test', SCRYPT_TEST_COST: '1000' })).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'test', SCRYPT_TEST_COST: '65536' })).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'test' })).toBe(16384);
  });
});
