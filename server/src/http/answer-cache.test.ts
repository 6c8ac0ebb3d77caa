import { AnswerCache } from './answer-cache';

const JSON_TYPE = 'application/json; charset=utf-8';
const body = (answer: { body: Buffer } | undefined) => answer?.body.toString();

describe('AnswerCache', () => {
  it('answers what was asked at the version it was stored for, and nothing else', () => {
    const cache = new AnswerCache();
    cache.store('device-a', 3, 'list', '{"v":3}', JSON_TYPE);
    cache.store('device-a', 3, 'search:news', '{"v":"3 news"}', JSON_TYPE);

    expect(body(cache.get('device-a', 3, 'list'))).toBe('{"v":3}');
    expect(body(cache.get('device-a', 3, 'search:news'))).toBe('{"v":"3 news"}');
    expect(cache.get('device-a', 4, 'list')).toBeUndefined();
    expect(cache.get('device-a', 3, 'other')).toBeUndefined();
    expect(cache.get('device-b', 3, 'list')).toBeUndefined();
  });

  it('drops a device’s older version as soon as a newer one is stored', () => {
    const cache = new AnswerCache();
    cache.store('device-a', 3, 'list', '{"v":3}', JSON_TYPE);
    cache.store('device-a', 3, 'search:news', '{"v":"3 news"}', JSON_TYPE);
    cache.store('device-a', 4, 'list', '{"v":4}', JSON_TYPE);

    expect(body(cache.get('device-a', 4, 'list'))).toBe('{"v":4}');
    expect(cache.get('device-a', 3, 'list')).toBeUndefined();
    expect(cache.get('device-a', 3, 'search:news')).toBeUndefined();
  });

  it('holds no more than its bytes, forgetting the devices least recently asked about', () => {
    // Each answer counts twice its body (room for its gzip form) and its key: three 100-byte answers asked as
    // 'list' (204 bytes each) fit in 612, a fourth does not.
    const cache = new AnswerCache(612);
    for (const device of ['a', 'b', 'c']) cache.store(device, 1, 'list', 'x'.repeat(100), JSON_TYPE);
    cache.get('a', 1, 'list');
    cache.store('d', 1, 'list', 'x'.repeat(100), JSON_TYPE);

    expect(cache.get('b', 1, 'list')).toBeUndefined();
    for (const device of ['a', 'c', 'd']) expect(cache.get(device, 1, 'list')).toBeDefined();

    // The keys count: a byte less, and the three no longer fit.
    const tight = new AnswerCache(611);
    for (const device of ['a', 'b', 'c']) tight.store(device, 1, 'list', 'x'.repeat(100), JSON_TYPE);
    expect(tight.get('a', 1, 'list')).toBeUndefined();
    for (const device of ['b', 'c']) expect(tight.get(device, 1, 'list')).toBeDefined();
  });

  it('counts a replaced answer once, so asking the same thing again does not push other devices out', () => {
    const cache = new AnswerCache(600);
    cache.store('a', 1, 'list', 'x'.repeat(100), JSON_TYPE);
    cache.store('b', 1, 'list', 'x'.repeat(100), JSON_TYPE);
    for (let n = 0; n < 5; n += 1) cache.store('a', 1, 'list', 'y'.repeat(100), JSON_TYPE);

    expect(body(cache.get('a', 1, 'list'))).toBe('y'.repeat(100));
    expect(cache.get('b', 1, 'list')).toBeDefined();
  });

  it('starts a device’s answers afresh when one client asks for more different things than are worth keeping', () => {
    const cache = new AnswerCache();
    for (let n = 0; n < 16; n += 1) cache.store('a', 1, `search:${n}`, `{"n":${n}}`, JSON_TYPE);
    expect(body(cache.get('a', 1, 'search:0'))).toBe('{"n":0}');

    // Asked again, one already kept is replaced in place.
    cache.store('a', 1, 'search:15', '{"n":"15 again"}', JSON_TYPE);
    expect(body(cache.get('a', 1, 'search:0'))).toBe('{"n":0}');
    expect(body(cache.get('a', 1, 'search:15'))).toBe('{"n":"15 again"}');

    cache.store('a', 1, 'search:16', '{"n":16}', JSON_TYPE);
    expect(cache.get('a', 1, 'search:0')).toBeUndefined();
    expect(body(cache.get('a', 1, 'search:16'))).toBe('{"n":16}');
  });
});
