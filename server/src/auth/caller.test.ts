import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DeviceEntity } from '../device/device.entity';
import { callingTv, isOwner, isOwnerOf, type Caller } from './caller';

const device = { id: 'd1' } as DeviceEntity;
const owner: Caller = { device, via: 'session', tokenId: null };
const tv: Caller = { device, via: 'token', tokenId: 't1' };
const nobody: Caller = { device: null, via: null, tokenId: null };

describe('the owner rule (auth/caller.ts)', () => {
  it("gives a device's own fields to its owner's session only", () => {
    expect(isOwnerOf(owner, 'd1')).toBe(true);
    expect(isOwnerOf(owner, 'd2')).toBe(false);
    expect(isOwnerOf(tv, 'd1')).toBe(false);
    expect(isOwnerOf(nobody, 'd1')).toBe(false);
    expect([owner, tv, nobody].map(isOwner)).toEqual([true, false, false]);
    expect([owner, tv, nobody].map(callingTv)).toEqual([null, device, null]);
  });

  it('is asked of auth/caller.ts only: no resolver or page tests how a caller came in by itself', () => {
    const src = path.resolve(__dirname, '..');
    const files = (readdirSync(src, { recursive: true }) as string[]).filter(
      (file) => /\.(resolvers|rest|page)\.ts$|^http\/.*\.ts$/.test(file) && !file.endsWith('.test.ts'),
    );
    expect(files.length).toBeGreaterThan(10);
    const inline = files.filter((file) =>
      /\b(ctx|caller|context)\??\.via\s*[!=]==/.test(readFileSync(path.join(src, file), 'utf8')),
    );
    expect(inline).toEqual([]);
  });
});
