/** Sharing a listing: its address, and what the Web Share API is handed. No third-party widgets, no other calls. */

export type ShareChannel = 'copy_link' | 'other';

/** The listing's public address on this site. */
export function listingUrl(listingId: string, origin: string): string {
  return `${origin.replace(/\/+$/, '')}/listings/${encodeURIComponent(listingId)}`;
}

/** What `navigator.share` gets: the title, a line of text, the address. */
export function listingShareData(listing: { _id: string; name: string }, origin: string): ShareData {
  return { title: listing.name, text: `${listing.name} on Tahanan`, url: listingUrl(listing._id, origin) };
}

/** Whether the browser has the Web Share API (and would share this). */
export function canWebShare(nav: Partial<Pick<Navigator, 'share' | 'canShare'>> | undefined, data: ShareData): boolean {
  if (!nav || typeof nav.share !== 'function') return false;
  return typeof nav.canShare === 'function' ? nav.canShare(data) : true;
}

/** A share the member closed without sharing (not an error to tell them about). */
export const isShareCancel = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Copies text: the Clipboard API, else a selected textarea and the copy command. Answers whether it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // not allowed here (an insecure page, no focus): try the older way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
