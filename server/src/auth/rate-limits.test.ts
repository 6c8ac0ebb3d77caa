import { addressKey } from './rate-limits';

describe('addressKey', () => {
  it('counts an IPv4 client by its address, also when written as IPv6', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('198.51.100.8')).not.toBe(addressKey('198.51.100.7'));
  });

  it('counts every address of one IPv6 /56 as one client, and neighbouring /56s apart', () => {
    const key = addressKey('2001:db8:1234:5600::1');
    expect(key).toBe('2001:db8:1234:5600::/56');
    expect(addressKey('2001:db8:1234:56ff:ffff:ffff:ffff:fffe')).toBe(key);
    expect(addressKey('2001:0DB8:1234:5633:0:0:0:9')).toBe(key);
    expect(addressKey('2001:db8:1234:5700::1')).not.toBe(key);
  });

  it('keeps what is not an address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
