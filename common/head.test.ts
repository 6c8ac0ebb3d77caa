import { headFor } from './head';

describe('headFor', () => {
  it('titles the card payment page as such, not as the dashboard', () => {
    expect(headFor('/cowpay/checkout/frame/abc123', 'M3U Player').title).toBe('Card payment | M3U Player');
    expect(headFor('/dashboard/account', 'M3U Player').title).toBe('Dashboard | M3U Player');
    expect(headFor('/cowpayReturnUrl', 'M3U Player').title).toBe('Dashboard | M3U Player');
  });

  // Where payment providers send the owner back: the portal's pages, kept out of search results like the others.
  it.each(['/cowpayReturnUrl', '/activation/crypto/redirect', '/device/playlists', '/dashboard/account'])(
    '%s is a portal page: not indexed, not a search result of its own',
    (path) => {
      const head = headFor(path, 'M3U Player');
      expect(head.noindex).toBe(true);
      expect(head.title).toBe('Dashboard | M3U Player');
    },
  );

  it.each(['/', '/contact', '/terms-and-conditions', '/privacy-policy'])('%s is indexed', (path) => {
    expect(headFor(path, 'M3U Player').noindex).toBeFalsy();
  });
});
