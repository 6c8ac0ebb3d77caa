import { loadConfig } from '../config';
import { contentSecurityPolicy } from './security-headers';

describe('contentSecurityPolicy', () => {
  it('allows only the site itself when no external service is configured', () => {
    const csp = contentSecurityPolicy(loadConfig({}));
    expect(csp.scriptSrc).toEqual(["'self'"]);
    expect(csp.frameSrc).toEqual(["'none'"]);
    expect(csp.connectSrc).toEqual(["'self'"]);
  });

  it('adds exactly the configured live-chat origin and the video player', () => {
    const csp = contentSecurityPolicy(
      loadConfig({ LIVE_CHAT_SCRIPT_URL: 'https://embed.chat.example/widget/abc.js', INTRO_VIDEO_ID: 'dQw4w9WgXcQ' }),
    );
    expect(csp.scriptSrc).toEqual(["'self'", 'https://embed.chat.example']);
    expect(csp.frameSrc).toEqual(['https://www.youtube-nocookie.com', 'https://embed.chat.example']);
  });

  it('refuses a live-chat script that is not https', () => {
    expect(() => loadConfig({ LIVE_CHAT_SCRIPT_URL: 'http://embed.chat.example/widget.js' })).toThrow(
      /LIVE_CHAT_SCRIPT_URL/,
    );
  });
});
