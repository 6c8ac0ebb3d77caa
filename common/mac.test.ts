import { formatTypedMac } from './mac';

describe('formatTypedMac: keys typed into the MAC field before its formatting ran', () => {
  it('reads a whole MAC typed without separators as the TV shows it', () => {
    expect(formatTypedMac('a1b2c3d4e5f6')).toBe('a1:b2:c3:d4:e5:f6');
    expect(formatTypedMac('A1B2C3D4E5F6')).toBe('A1:B2:C3:D4:E5:F6');
    expect(formatTypedMac(' a1-b2-c3-d4-e5-f6 ')).toBe('a1:b2:c3:d4:e5:f6');
  });

  it('puts part of one in the shape the field would have given it, so typing goes on from there', () => {
    expect(formatTypedMac('a')).toBe('a');
    expect(formatTypedMac('a1')).toBe('a1:');
    expect(formatTypedMac('a1b')).toBe('a1:b');
    expect(formatTypedMac('a1b2c3')).toBe('a1:b2:c3:');
    expect(formatTypedMac('a1:b2:c')).toBe('a1:b2:c');
  });

  it('leaves anything else for the rules to judge', () => {
    expect(formatTypedMac('not a mac')).toBe('not a mac');
    expect(formatTypedMac('a1b2c3d4e5f6a7')).toBe('a1b2c3d4e5f6a7');
    expect(formatTypedMac('')).toBe('');
  });
});
