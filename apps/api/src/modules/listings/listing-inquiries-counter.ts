/**
 * How many inquiries a member's listings received: threads about those listings that someone else
 * started. Answered by the messaging module (threads is its table). Listings depend on this port, not
 * on the messaging module's classes, so the two modules' files do not import each other in a circle
 * (MessagingModule provides it with its MessagingService).
 */
export interface ListingInquiriesCounter {
  countInquiries(ownerId: string, listingIds: string[]): Promise<number>;
}

export const LISTING_INQUIRIES_COUNTER = Symbol('LISTING_INQUIRIES_COUNTER');
