import { guestNetwork } from './guest-views';

describe('guestNetwork', () => {
  it('keeps an IPv4 address, also when written IPv4-mapped', () => {
    expect(guestNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(guestNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:abcd:12::/64';
    expect(guestNetwork('2001:db8:abcd:12::1')).toBe(network);
    expect(guestNetwork('2001:0db8:abcd:0012:ffff:ffff:ffff:fffe')).toBe(network);
    expect(guestNetwork('2001:db8:abcd:12:1:2:3:4%eth0')).toBe(network);
    expect(guestNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(guestNetwork('::1')).toBe('0:0:0:0::/64');
    expect(guestNetwork('2001:db8:abcd:13::1')).not.toBe(network);
  });

  it('uses anything else as it is', () => {
    expect(guestNetwork('unknown')).toBe('unknown');
  });
});
