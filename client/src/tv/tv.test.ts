import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { textDirection } from '../../../common/i18n';
import { formattingLocale } from '../i18n/locale';
import { makeLocalMac, normaliseMac } from './platform/mac';
import { groupChannels, type Channel } from './playlists/channel';
import { panelBase, streamExtension } from './playlists/xtream';
import { formatOfAddress, formatOfBytes } from './player/sniff';
import { isOlderThan } from './version';

const channel = (name: string, group: string): Channel => ({
  name,
  group,
  url: `http://p.example/${name}`,
  logo: undefined,
  headers: undefined,
});

describe('the TV platform', () => {
  it('makes a locally administered unicast MAC, never a real card’s', () => {
    for (const first of [0x00, 0x01, 0xff, 0xfe]) {
      const mac = makeLocalMac((bytes) => bytes.fill(first));
      expect(mac).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
      const octet = Number.parseInt(mac.slice(0, 2), 16);
      expect(octet & 0b10).toBe(0b10);
      expect(octet & 0b1).toBe(0);
    }
  });

  it('reads a vendor’s MAC in any shape, and refuses what is not one', () => {
    expect(normaliseMac('A1-B2-C3-D4-E5-F6')).toBe('a1:b2:c3:d4:e5:f6');
    expect(normaliseMac('a1b2c3d4e5f6')).toBe('a1:b2:c3:d4:e5:f6');
    expect(normaliseMac('00:00:00:00:00:00')).toBeUndefined();
    expect(normaliseMac('a1:b2:c3')).toBeUndefined();
  });

  it('asks for an update only when the app is older than the oldest supported', () => {
    expect(isOlderThan('0.1.0', '0.2.0')).toBe(true);
    expect(isOlderThan('1.10.0', '1.9.9')).toBe(false);
    expect(isOlderThan('2.5.0', '2.5.0')).toBe(false);
    expect(isOlderThan('2.5', '2.5.1')).toBe(true);
  });
});

describe('Arabic on an engine without Intl.Locale (Chromium 68)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is still right to left, with Latin digits', () => {
    const { NumberFormat } = Intl;
    vi.stubGlobal('Intl', { Locale: undefined });
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('en')).toBe('ltr');
    const locale = formattingLocale('ar');
    expect(new NumberFormat(locale).format(1234)).toBe('1,234');
  });
});

describe('playlists', () => {
  it('groups channels in the order the playlist names the groups, ungrouped ones under a name', () => {
    const list = groupChannels(
      [channel('a', 'News'), channel('b', ''), channel('c', 'Films'), channel('d', 'News')],
      'Other channels',
    );
    expect(list.groups.map((g) => [g.name, g.count])).toEqual([
      ['News', 2],
      ['Other channels', 1],
      ['Films', 1],
    ]);
    expect(list.channels.map((c) => c.name)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('plays an Xtream line in HLS when it allows it, else MPEG-TS', () => {
    expect(streamExtension(['m3u8', 'ts'])).toBe('m3u8');
    expect(streamExtension(['ts', 'rtmp'])).toBe('ts');
    expect(streamExtension(undefined)).toBe('m3u8');
    expect(panelBase('http://panel.example:8080/player_api.php?username=x')).toBe('http://panel.example:8080');
    expect(panelBase('http://panel.example/ ')).toBe('http://panel.example');
  });
});

describe('what a channel answers', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('tells HLS, MPEG-TS, MP4 and a web page apart by their first bytes', () => {
    expect(formatOfBytes(bytes('#EXTM3U\n#EXT-X-VERSION:3'), '')).toBe('hls');
    const ts = new Uint8Array(376);
    ts[0] = 0x47;
    ts[188] = 0x47;
    expect(formatOfBytes(ts, 'application/octet-stream')).toBe('ts');
    expect(formatOfBytes(new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70]), '')).toBe('mp4');
    expect(formatOfBytes(bytes('<!DOCTYPE html><html>'), 'text/html')).toBe('webPage');
    expect(formatOfBytes(bytes('{"error":1}'), 'application/json')).toBe('notVideo');
  });

  it('plays WebM and radio (MP3, AAC, Shoutcast) natively rather than refusing them as not video', () => {
    // The first bytes of real files (tests/fixtures/README.md), each sent as an octet stream: the bytes decide.
    const start = (name: string) =>
      new Uint8Array(readFileSync(path.join(__dirname, '../../../tests/fixtures/streams', name)).subarray(0, 512));
    const octets = 'application/octet-stream';
    expect(formatOfBytes(start('media3-bear-vp9.webm'), octets)).toBe('webm');
    expect(formatOfBytes(start('media3-sample_with_opus_audio.mkv'), octets)).toBe('webm');
    expect(formatOfBytes(start('media3-test-cbr-info-header.mp3'), octets)).toBe('audio');
    expect(formatOfBytes(start('media3-sample.head.adts'), octets)).toBe('audio');
    // Shoutcast v1's "ICY 200 OK", which the engine hands over as the body.
    expect(formatOfBytes(bytes('ICY 200 OK\r\nicy-name:Old Radio\r\ncontent-type:audio/mpeg\r\n\r\n'), '')).toBe(
      'audio',
    );
    expect(formatOfBytes(new Uint8Array([1, 2, 3, 4]), 'audio/aacp')).toBe('audio');
  });

  it('goes by the address when the provider does not let the page read it', () => {
    expect(formatOfAddress('http://p.example/live/u/p/1.m3u8?token=x')).toBe('hls');
    expect(formatOfAddress('http://p.example/live/u/p/1.ts')).toBe('ts');
    expect(formatOfAddress('http://p.example/film.mp4')).toBe('mp4');
    expect(formatOfAddress('http://p.example/radio.mp3')).toBe('audio');
    expect(formatOfAddress('http://p.example/play/1')).toBe('unknown');
  });
});
