import { describe, expect, it } from 'vitest';
import { messagePreview, personInitials, personName, relativeTime } from './format';
import { ME, OTHER, makeMessage } from './test/fixtures';

const NOW = Date.parse('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('messaging format', () => {
  it('names people', () => {
    expect(personName(OTHER)).toBe('Ramon Cruz');
    expect(personName(null)).toBe('Unknown member');
    expect(personInitials(OTHER)).toBe('RC');
    expect(personInitials({ firstName: '', lastName: '' })).toBe('?');
  });

  it('gives relative times', () => {
    expect(relativeTime(ago(10_000), NOW)).toBe('just now');
    expect(relativeTime(ago(5 * 60_000), NOW)).toBe('5 min');
    expect(relativeTime(ago(3 * 3_600_000), NOW)).toBe('3 h');
    expect(relativeTime(ago(30 * 3_600_000), NOW)).toBe('Yesterday');
    expect(relativeTime(ago(4 * 86_400_000), NOW)).toMatch(/^[A-Z][a-z]{2}$/);
    expect(relativeTime('2025-01-12T12:00:00.000Z', NOW)).toBe('Jan 12');
    expect(relativeTime('2023-01-12T12:00:00.000Z', NOW)).toBe('Jan 12, 2023');
    expect(relativeTime(null, NOW)).toBe('');
    expect(relativeTime('nonsense', NOW)).toBe('');
  });

  it('previews the last message', () => {
    expect(messagePreview(makeMessage({ content: 'Hello\n  there' }), ME._id)).toBe('Hello there');
    expect(messagePreview(makeMessage({ content: 'Hi', sender: ME }), ME._id)).toBe('You: Hi');
    const photo = { _id: 'a', type: 'image' as const, url: 'u', filename: 'a.png', size: 1, contentType: 'image/png' };
    expect(messagePreview(makeMessage({ content: '', attachments: [photo] }), ME._id)).toBe('Photo');
    expect(messagePreview(makeMessage({ content: '', attachments: [photo, photo] }), ME._id)).toBe('2 attachments');
    expect(messagePreview(null, ME._id)).toBe('No messages yet');
  });
});
