import type { Request, Response } from 'express';
import { refuseCrossSiteWrites } from './cross-site';

const SITE = 'https://tv.example.com';

function run(method: string, path: string, headers: Record<string, string>) {
  const guard = refuseCrossSiteWrites([SITE], ['/device/logout']);
  const res = { statusCode: 200, status: jest.fn(), json: jest.fn() };
  res.status.mockImplementation((code: number) => {
    res.statusCode = code;
    return res;
  });
  const next = jest.fn();
  guard({ method, path, headers } as unknown as Request, res as unknown as Response, next);
  return next.mock.calls.length ? 'passed' : res.statusCode;
}

describe('refuseCrossSiteWrites', () => {
  it('refuses writes from another origin or a cross-site fetch, and lets the site and non-browsers through', () => {
    for (const method of ['POST', 'DELETE', 'PUT', 'PATCH']) {
      expect(run(method, '/device/saveDeviceKey', { origin: 'https://evil.example' })).toBe(403);
      expect(run(method, '/device/saveDeviceKey', { origin: 'null' })).toBe(403);
      expect(run(method, '/device/saveDeviceKey', { 'sec-fetch-site': 'cross-site' })).toBe(403);
      expect(run(method, '/device/saveDeviceKey', { origin: SITE })).toBe('passed');
      expect(run(method, '/device/saveDeviceKey', { 'sec-fetch-site': 'same-origin' })).toBe('passed');
      expect(run(method, '/device/saveDeviceKey', {})).toBe('passed');
    }
  });

  it("takes a form posted from the site's own page, which the browser sends with Origin: null", () => {
    // Under the pages' Referrer-Policy: no-referrer, a browser sends a form post's Origin as "null"; the
    // browser's Sec-Fetch-Site says where it came from (a script cannot set it).
    expect(run('POST', '/device/login', { origin: 'null', 'sec-fetch-site': 'same-origin' })).toBe('passed');
    // A null origin from anywhere else (a sandboxed frame, a data: page, another site) stays refused.
    expect(run('POST', '/device/login', { origin: 'null', 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(run('POST', '/device/login', { origin: 'null', 'sec-fetch-site': 'same-site' })).toBe(403);
    expect(run('POST', '/device/login', { origin: 'null', 'sec-fetch-site': 'none' })).toBe(403);
  });

  it('lets reads through from anywhere, but guards the GETs that change state', () => {
    expect(run('GET', '/device/playlists', { origin: 'https://evil.example' })).toBe('passed');
    expect(run('GET', '/device/playlists', { 'sec-fetch-site': 'cross-site' })).toBe('passed');
    expect(run('GET', '/device/logout', { 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(run('GET', '/device/logout', { origin: 'https://evil.example' })).toBe(403);
    expect(run('GET', '/device/logout', { 'sec-fetch-site': 'same-origin' })).toBe('passed');
    expect(run('HEAD', '/device/playlists', { 'sec-fetch-site': 'cross-site' })).toBe('passed');
  });

  it('guards the HEADs of those GETs too: Express runs the GET handler for a HEAD (found by fuzzing)', () => {
    expect(run('HEAD', '/device/logout', { 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(run('HEAD', '/device/logout', { origin: 'https://evil.example' })).toBe(403);
    expect(run('HEAD', '/device/logout', { 'sec-fetch-site': 'same-origin' })).toBe('passed');
    expect(run('HEAD', '/device/logout', {})).toBe('passed');
  });
});
