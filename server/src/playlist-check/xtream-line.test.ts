import { channelLineOf, lineKey, xtreamLineOf } from './xtream-line';

// Addresses as Xtream Codes panels and the players that read them write them (tests/fixtures/README.md,
// "xtream/"): the panel's get.php and player_api.php links, and get.php's stream addresses.
describe('an Xtream Codes line, however it is given', () => {
  it.each([
    [
      'http://line.example:8080/get.php?username=alice&password=S3cret&type=m3u_plus&output=ts',
      'http://line.example:8080',
    ],
    ['http://line.example/panel/player_api.php?username=alice&password=S3cret', 'http://line.example/panel'],
    ['https://line.example/xmltv.php?username=alice&password=S3cret', 'https://line.example'],
    ['http://line.example:8080/live/alice/S3cret/1234.ts', 'http://line.example:8080'],
    ['http://line.example:8080/live/alice/S3cret/1234.m3u8', 'http://line.example:8080'],
    ['http://line.example/p/movie/alice/S3cret/55.mkv', 'http://line.example/p'],
    ['http://line.example/series/alice/S3cret/77.mp4', 'http://line.example'],
  ])('%s', (address, base) => {
    expect(xtreamLineOf(address)).toEqual({ base, username: 'alice', password: 'S3cret' });
  });

  it('decodes credentials written into a path', () => {
    expect(xtreamLineOf('http://line.example/live/al%40ce/S3c%2Fret/1.ts')).toMatchObject({
      username: 'al@ce',
      password: 'S3c/ret',
    });
  });

  it.each([
    'http://cdn.example/live/news/hd/index.m3u8',
    'http://cdn.example/live/news/hd/segment.ts',
    'http://cdn.example/get.php?channel=4',
    'rtmp://line.example/live/alice/S3cret/1.ts',
    'not a url',
  ])('is not read into %s', (address) => {
    expect(xtreamLineOf(address)).toBeNull();
  });

  it("takes a get.php list's channels for its line, in the long and the short form, wherever served", () => {
    const given = xtreamLineOf('http://panel.example/get.php?username=alice&password=S3cret')!;
    expect(channelLineOf('http://stream2.example:80/live/alice/S3cret/9.ts', given)).toBe(given);
    expect(channelLineOf('http://stream2.example:80/alice/S3cret/9', given)).toBe(given);
    expect(channelLineOf('http://stream2.example:80/bob/Other/9', given)).toBeNull();
    expect(channelLineOf('http://stream2.example/live/bob/Other/9.ts', given)).toMatchObject({ username: 'bob' });
  });

  it('is one line per panel host and username, whichever path or link named it, and keeps no username', () => {
    const key = lineKey({ base: 'http://LINE.example:8080', username: 'alice' });
    expect(lineKey({ base: 'http://line.example:8080/panel', username: 'alice' })).toBe(key);
    expect(lineKey({ base: 'http://line.example:8081', username: 'alice' })).not.toBe(key);
    expect(lineKey({ base: 'http://line.example:8080', username: 'bob' })).not.toBe(key);
    expect(key).not.toContain('alice');
  });
});
