import { describe, expect, it } from 'vitest';
import { canWebShare, isShareCancel, listingShareData, listingUrl } from './share';

describe('sharing a listing', () => {
  it("shares the listing's address on this site", () => {
    expect(listingUrl('l 1', 'https://tahanan.ph/')).toBe('https://tahanan.ph/listings/l%201');
    expect(listingShareData({ _id: 'l1', name: 'Lot in Cebu' }, 'https://tahanan.ph')).toEqual({
      title: 'Lot in Cebu',
      text: 'Lot in Cebu on Tahanan',
      url: 'https://tahanan.ph/listings/l1',
    });
  });

  it('offers the share sheet only where the browser has the Web Share API and would share the data', () => {
    const data = { url: 'https://tahanan.ph/listings/l1' };
    const share = async () => undefined;
    expect(canWebShare(undefined, data)).toBe(false);
    expect(canWebShare({}, data)).toBe(false);
    expect(canWebShare({ share }, data)).toBe(true);
    expect(canWebShare({ share, canShare: () => false }, data)).toBe(false);
    expect(canWebShare({ share, canShare: () => true }, data)).toBe(true);
  });

  it('tells a closed share sheet from a failure', () => {
    expect(isShareCancel(new DOMException('cancelled', 'AbortError'))).toBe(true);
    expect(isShareCancel(new DOMException('nope', 'NotAllowedError'))).toBe(false);
    expect(isShareCancel(new Error('AbortError'))).toBe(false);
  });
});
