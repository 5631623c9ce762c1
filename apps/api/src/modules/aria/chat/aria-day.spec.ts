import { ARIA_TITLE_MAX_LENGTH } from '@app/domain';
import { titleFrom } from '../history/aria-history.service';
import { manilaDayStart } from './aria-chat.service';

describe('the Asia/Manila day of the Free message count', () => {
  it('starts at 16:00 UTC of the day before (UTC+8, no daylight saving)', () => {
    expect(manilaDayStart(new Date('2026-11-27T03:00:00Z')).toISOString()).toBe('2026-11-26T16:00:00.000Z');
    expect(manilaDayStart(new Date('2026-11-27T15:59:59.999Z')).toISOString()).toBe('2026-11-26T16:00:00.000Z');
    expect(manilaDayStart(new Date('2026-11-27T16:00:00Z')).toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(manilaDayStart(new Date('2026-12-31T16:30:00Z')).toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });
});

describe('the title of a new chat', () => {
  it('is the first question with its spaces folded, cut at a word with an ellipsis when too long', () => {
    expect(titleFrom('  3-bedroom condo\n in   Cebu  ')).toBe('3-bedroom condo in Cebu');
    const long = 'word '.repeat(60);
    const title = titleFrom(long);
    expect(title.length).toBeLessThanOrEqual(ARIA_TITLE_MAX_LENGTH);
    expect(title).toMatch(/word…$/);
    expect(titleFrom('x'.repeat(300))).toBe(`${'x'.repeat(ARIA_TITLE_MAX_LENGTH - 1)}…`);
    expect(titleFrom('   ')).toBe('New chat');
  });
});
