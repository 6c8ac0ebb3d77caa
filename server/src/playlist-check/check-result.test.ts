import { bounded, clip, RESULT_MAX_BYTES, type CheckResult } from './check-result';

const huge = 'x'.repeat(100_000);

function result(overrides: Partial<CheckResult> = {}): CheckResult {
  return {
    checkedAt: '2026-12-07T00:00:00.000Z',
    durationMs: 1,
    verdict: 'WARNING',
    reachable: true,
    problem: null,
    message: 'The playlist opens.',
    warnings: [],
    httpStatus: 200,
    m3u: {
      channels: 123_456,
      groups: 789,
      entriesWithoutUrl: 3,
      backupUrls: 0,
      cannotOpen: Array.from({ length: 11 }, (_, i) => ({
        kind: `k${i}://`,
        reason: huge,
        count: 1000 + i,
        examples: [huge, huge, huge],
      })),
      guideUrls: [huge],
      sample: Array.from({ length: 12 }, () => ({ name: huge, logo: huge, group: huge })),
    },
    xc: null,
    epg: null,
    streams: null,
    ...overrides,
  };
}

describe('a check result, whatever the playlist', () => {
  it('is kept under its stated size, its counts exact', () => {
    const kept = bounded(result());
    expect(Buffer.byteLength(JSON.stringify(kept))).toBeLessThanOrEqual(RESULT_MAX_BYTES);
    expect(kept.m3u).toMatchObject({ channels: 123_456, groups: 789, entriesWithoutUrl: 3 });
    expect(kept.m3u!.cannotOpen.map((kind) => kind.count)).toEqual(result().m3u!.cannotOpen.map((kind) => kind.count));
  });

  it('is left as it is when it fits', () => {
    const small = result({ m3u: { ...result().m3u!, cannotOpen: [], guideUrls: [], sample: [] } });
    expect(bounded(small)).toBe(small);
  });

  it('cuts text short with an ellipsis, never inside a surrogate pair', () => {
    expect(clip('abc', 5)).toBe('abc');
    expect(clip('abcdefgh', 5)).toBe('abcd…');
    const cut = clip(`abc${'😀'.repeat(10)}`, 5);
    expect(cut).toBe('abc…');
    expect(cut.length).toBeLessThanOrEqual(5);
  });
});
