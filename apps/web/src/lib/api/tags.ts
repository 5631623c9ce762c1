/**
 * Cache tags for the listing, places and saved-item endpoints (spec section 4: any listing create,
 * update, delete, save or unsave is followed by a refetch of the listing lists), and the few billing
 * endpoints whose generated tags miss a list they change.
 *
 * The codegen gives every endpoint one coarse tag per OpenAPI tag ("listing", "user"); that would
 * refetch the signed-in user after saving a search and every list after recording a view. These
 * overrides replace them with precise tags. Imported for its side effect by endpoints.ts.
 */
import { api } from './generated';

export const LIST_ID = 'LIST';

type Tag =
  | { type: 'Listing'; id: string }
  | { type: 'Review'; id: string }
  | 'SavedItem'
  | 'ListingDashboard'
  | 'Place';

const listingList: Tag = { type: 'Listing', id: LIST_ID };
const listingTag = (id: string): Tag => ({ type: 'Listing', id });

function listingsOf(result: { listings?: { _id: string }[] } | undefined): Tag[] {
  return [...(result?.listings ?? []).map((l) => listingTag(l._id)), listingList];
}

export const enhancedApi = api.enhanceEndpoints({
  addTagTypes: ['Listing', 'Review', 'SavedItem', 'ListingDashboard', 'Place'],
  endpoints: {
    getAllListings: { providesTags: (result) => listingsOf(result) },
    searchListings: { providesTags: (result) => listingsOf(result) },
    filterListings: { providesTags: [listingList] },
    searchNearbyListings: { providesTags: (result) => listingsOf(result) },
    // The list tag too: a save, unsave or saved-item removal elsewhere changes `isSaved` and `savedCount`.
    getListingById: { providesTags: (_r, _e, arg) => [listingTag(arg.id), listingList] },
    getListingDashboard: { providesTags: ['ListingDashboard'] },
    getListingReviews: { providesTags: (_r, _e, arg) => [{ type: 'Review', id: arg.id }] },
    getUserSavedItems: { providesTags: ['SavedItem'] },
    listRegions: { providesTags: ['Place'] },
    listProvinces: { providesTags: ['Place'] },
    listCities: { providesTags: ['Place'] },
    listBarangays: { providesTags: ['Place'] },

    createListing: { invalidatesTags: [listingList, 'ListingDashboard'] },
    updateListing: {
      invalidatesTags: (_r, _e, arg) => [listingTag(arg.updateListingDto._id), listingList, 'SavedItem'],
    },
    removeListing: {
      invalidatesTags: (_r, _e, arg) => [listingTag(arg.id), listingList, 'ListingDashboard', 'SavedItem'],
    },
    uploadListingImages: { invalidatesTags: (_r, _e, arg) => [listingTag(arg.id), listingList, 'SavedItem'] },
    deleteListingImage: {
      invalidatesTags: (_r, _e, arg) => [listingTag(arg.deleteImageDto.listingId), listingList, 'SavedItem'],
    },
    uploadOwnershipDocuments: { invalidatesTags: (_r, _e, arg) => [listingTag(arg.id)] },
    saveListing: {
      invalidatesTags: (_r, _e, arg) => [
        listingTag(arg.listingIdDto.listingId),
        listingList,
        'SavedItem',
        'ListingDashboard',
      ],
    },
    unsaveListing: {
      invalidatesTags: (_r, _e, arg) => [
        listingTag(arg.listingIdDto.listingId),
        listingList,
        'SavedItem',
        'ListingDashboard',
      ],
    },
    // A view only bumps a counter: refetching the open page (or every list) for it would be waste.
    recordListingBehavior: { invalidatesTags: ['ListingDashboard'] },
    createListingReview: {
      invalidatesTags: (_r, _e, arg) => [{ type: 'Review', id: arg.id }, listingTag(arg.id), listingList],
    },
    // only a saved listing changes a listing's `isSaved` and `savedCount`; a search or a pin is the member's own list
    saveUserItem: {
      invalidatesTags: (_r, _e, arg) =>
        arg.type === 'listing' ? ['SavedItem', listingList, 'ListingDashboard'] : ['SavedItem'],
    },
    setSavedSearchAlert: { invalidatesTags: ['SavedItem'] },
    deleteUserSavedItem: {
      invalidatesTags: (_r, _e, arg) =>
        arg.deleteSavedItemDto.type === 'listing' ? ['SavedItem', listingList, 'ListingDashboard'] : ['SavedItem'],
    },

    // Billing (the generated tags 'subscription', 'payment', 'ai-credits'). A payment marked paid by its
    // webhook changes the plan and credits on the server: the result page invalidates those itself
    // (features/billing/use-account-refresh.ts).
    // the upgrade starts a payment: the payment history has one more
    upgradeSubscription: { invalidatesTags: ['subscription', 'payment'] },
    // staff putting a member on a plan (or removing one) changes the member's credits (the plan's allowance)
    createSubscription: { invalidatesTags: ['subscription', 'ai-credits'] },
    removeSubscription: { invalidatesTags: ['subscription', 'ai-credits'] },
  },
});
