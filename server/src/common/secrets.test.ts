import { hashSecret, hashToken, randomDigits, verifySecret } from './secrets';

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
