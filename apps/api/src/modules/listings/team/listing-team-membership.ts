/**
 * The port through which the listings module learns a member's team: the enterprise a new listing
 * belongs to. The enterprise module provides it (it owns the memberships, and it calls the listings
 * module's ListingTeamService to move team listings), so listings never import the enterprise module.
 * Absent (a test module without the enterprise module): nobody is in a team.
 */
export const LISTING_TEAM_MEMBERSHIP = Symbol('LISTING_TEAM_MEMBERSHIP');

export interface ListingTeamMembership {
  /** The active enterprise the member acts for (an active member of an active enterprise), or null. */
  teamOf(userId: string): Promise<string | null>;
}
