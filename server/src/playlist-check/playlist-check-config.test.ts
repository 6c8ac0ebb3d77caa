import { loadConfig } from '../config';

/** The playlist check's settings, as an operator mistypes them: the message names the limit that was crossed. */
function problem(name: string, value: string): string {
  try {
    loadConfig({ NODE_ENV: 'test', [name]: value });
  } catch (err) {
    return (err as Error).message;
  }
  return 'accepted';
}

describe('playlist check settings over their maximum', () => {
  it.each([
    ['PLAYLIST_CHECK_PER_DEVICE_PER_HOUR', '20000', 'must be at most 10000'],
    ['PLAYLIST_CHECK_CONCURRENCY', '101', 'must be at most 100'],
    ['PLAYLIST_CHECK_TIMEOUT_SECONDS', '121', 'must be at most 120'],
    ['PLAYLIST_CHECK_MAX_MB', '2048', 'must be at most 1024'],
    ['PLAYLIST_CHECK_CACHE_SECONDS', '4000', 'must be at most 3600'],
    ['PLAYLIST_CHECK_STREAM_SAMPLES', '11', 'must be at most 10'],
    ['PLAYLIST_CHECK_STREAM_SECONDS', '31', 'must be at most 30'],
    ['PLAYLIST_CHECK_STREAM_KB', '5000', 'must be at most 4096'],
    ['PLAYLIST_CHECK_STREAMS_TOTAL_SECONDS', '121', 'must be at most 120'],
  ])('%s=%s says it %s', (name, value, words) => {
    const message = problem(name, value);
    expect(message).toContain(`${name} ${words} (got "${value}")`);
    expect(message).not.toContain('whole number');
  });

  it('still says what is wrong with a value that is not a whole number, or not above 0', () => {
    expect(problem('PLAYLIST_CHECK_CONCURRENCY', 'four')).toContain(
      'PLAYLIST_CHECK_CONCURRENCY must be a whole number',
    );
    expect(problem('PLAYLIST_CHECK_CONCURRENCY', '2.5')).toContain('PLAYLIST_CHECK_CONCURRENCY must be a whole number');
    expect(problem('PLAYLIST_CHECK_CONCURRENCY', '0')).toContain('PLAYLIST_CHECK_CONCURRENCY must be above 0');
    expect(problem('PLAYLIST_CHECK_CACHE_SECONDS', '-1')).toContain('PLAYLIST_CHECK_CACHE_SECONDS must be 0 or more');
    expect(problem('PLAYLIST_CHECK_CONCURRENCY', '100')).toBe('accepted');
    expect(problem('PLAYLIST_CHECK_STREAM_KB', '8')).toContain('PLAYLIST_CHECK_STREAM_KB must be at least 16');
    // 0 turns sampling off.
    expect(problem('PLAYLIST_CHECK_STREAM_SAMPLES', '0')).toBe('accepted');
  });
});
