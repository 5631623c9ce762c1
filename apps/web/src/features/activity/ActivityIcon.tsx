import AddHomeOutlinedIcon from '@mui/icons-material/AddHomeOutlined';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import FavoriteIcon from '@mui/icons-material/Favorite';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import SavedSearchIcon from '@mui/icons-material/SavedSearch';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import StarIcon from '@mui/icons-material/Star';
import VerifiedIcon from '@mui/icons-material/Verified';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { ActivityKind } from './activity-text';

type IconComponent = typeof VisibilityOutlinedIcon;

/** One icon per kind of activity (ACTIVITY_KINDS): outlined for what the member did, filled for what happened to their listings. */
export const ACTIVITY_ICONS: Record<ActivityKind, IconComponent> = {
  viewed_listing: VisibilityOutlinedIcon,
  saved_listing: FavoriteBorderIcon,
  saved_search: SavedSearchIcon,
  messaged: ChatOutlinedIcon,
  reviewed: RateReviewOutlinedIcon,
  created_listing: AddHomeOutlinedIcon,
  shared: ShareOutlinedIcon,
  listing_saved_by_other: FavoriteIcon,
  listing_reviewed_by_other: StarIcon,
  listing_verified: VerifiedIcon,
};
