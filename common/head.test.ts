import { headFor } from './head';

describe('headFor', () => {
  it('titles the card payment page as such, not as the dashboard', () => {
    expect(headFor('/cowpay/checkout/frame/abc123', 'M3U Player').title).toBe('Card payment | M3U Player');
    expect(headFor('/dashboard/account', 'M3U Player').title).toBe('Dashboard | M3U Player');
    expect(headFor('/cowpayReturnUrl', 'M3U Player').title).toBe('Dashboard | M3U Player');
  });
});
