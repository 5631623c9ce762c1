/**
 * Stable names for the generated listing, places and saved-item types, and the argument shapes of
 * their generated hooks. The codegen names a JSON body argument after its DTO (`{ listingSearchDto }`),
 * so the builders below keep that detail in one place: call sites write
 * `useSearchListingsQuery(listingArgs.search(body))`. Every call still goes through `generated.ts`.
 */
import type {
  CreateListingApiArg,
  CreateListingReviewApiArg,
  DeleteListingImageApiArg,
  DeleteUserSavedItemApiArg,
  FilterListingsApiResponse,
  GetListingByIdApiResponse,
  GetListingDashboardApiArg,
  GetListingDashboardApiResponse,
  GetListingReviewsApiResponse,
  GetUserSavedItemsApiArg,
  GetUserSavedItemsApiResponse,
  ListRegionsApiResponse,
  RecordListingBehaviorApiArg,
  SaveListingApiArg,
  SaveUserItemApiArg,
  SearchListingsApiArg,
  SearchListingsApiResponse,
  SearchNearbyListingsApiArg,
  SearchNearbyListingsApiResponse,
  UnsaveListingApiArg,
  UpdateListingApiArg,
} from './generated';

export type Listing = GetListingByIdApiResponse;
export type ListingImage = Listing['images'][number];
export type ListingList = SearchListingsApiResponse;
export type ListingSearchBody = SearchListingsApiArg['listingSearchDto'];
export type ListingFacets = FilterListingsApiResponse;
export type CreateListingBody = CreateListingApiArg['createListingDto'];
export type UpdateListingBody = UpdateListingApiArg['updateListingDto'];
export type NearbyBody = SearchNearbyListingsApiArg['nearbySearchDto'];
export type NearbyResult = SearchNearbyListingsApiResponse;
export type AreaNearby = NearbyResult['areasNearby'][number];
export type Review = GetListingReviewsApiResponse['reviews'][number];
export type ReviewBody = CreateListingReviewApiArg['reviewInputDto'];
export type Place = ListRegionsApiResponse[number];
export type SavedItem = GetUserSavedItemsApiResponse['items'][number];
export type SavedItemType = SaveUserItemApiArg['type'];
export type SaveUserItemBody = SaveUserItemApiArg['saveItemDto'];
export type ListingDashboard = GetListingDashboardApiResponse;
export type DashboardMetric = 'totalListings' | 'totalSaved' | 'totalViews';

export type ListingSortValue = '-createdAt' | 'createdAt' | 'name' | '-name' | 'price' | '-price';

export const DASHBOARD_METRICS: DashboardMetric[] = ['totalListings', 'totalSaved', 'totalViews'];

export const listingArgs = {
  search: (body: ListingSearchBody): SearchListingsApiArg => ({ listingSearchDto: body }),
  facets: (body: ListingSearchBody) => ({ listingSearchDto: body }),
  create: (body: CreateListingBody): CreateListingApiArg => ({ createListingDto: body }),
  update: (body: UpdateListingBody): UpdateListingApiArg => ({ updateListingDto: body }),
  nearby: (body: NearbyBody): SearchNearbyListingsApiArg => ({ nearbySearchDto: body }),
  deleteImage: (listingId: string, imageId: string): DeleteListingImageApiArg => ({
    deleteImageDto: { listingId, imageId },
  }),
  save: (listingId: string): SaveListingApiArg => ({ listingIdDto: { listingId } }),
  unsave: (listingId: string): UnsaveListingApiArg => ({ listingIdDto: { listingId } }),
  dashboard: (userId: string): GetListingDashboardApiArg => ({
    dashboardDto: { data: DASHBOARD_METRICS, filter: { userId } },
  }),
  view: (id: string): RecordListingBehaviorApiArg => ({ id, behaviorDto: { behavior: 'view' } }),
  review: (id: string, body: ReviewBody): CreateListingReviewApiArg => ({ id, reviewInputDto: body }),
};

export const savedItemArgs = {
  save: (type: SavedItemType, body: SaveUserItemBody): SaveUserItemApiArg => ({ type, saveItemDto: body }),
  list: (userId: string, type: SavedItemType | 'all' = 'all'): GetUserSavedItemsApiArg => ({
    getSavedItemsDto: { userId, type },
  }),
  remove: (userId: string, type: SavedItemType, itemId: string): DeleteUserSavedItemApiArg => ({
    deleteSavedItemDto: { userId, type, itemId },
  }),
};

/** "Barangay, City" as shown on cards and the detail page. */
export function shortAddress(listing: Pick<Listing, 'address'>): string {
  return [listing.address.barangay, listing.address.city].filter(Boolean).join(', ');
}

/** The full address, street first. */
export function fullAddress(listing: Pick<Listing, 'address'>): string {
  const a = listing.address;
  return [a.street, a.barangay, a.city, a.province, a.region].filter(Boolean).join(', ');
}
