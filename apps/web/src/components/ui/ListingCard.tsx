import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BathtubOutlinedIcon from '@mui/icons-material/BathtubOutlined';
import BedOutlinedIcon from '@mui/icons-material/BedOutlined';
import DirectionsCarOutlinedIcon from '@mui/icons-material/DirectionsCarOutlined';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import { shortAddress, type Listing } from '@/lib/api/listings';
import { formatArea } from '@/lib/format';
import { pricePerSquareMetre } from '@/lib/money';
import { Price, PricePerArea } from './Price';
import { TrustBadges } from '@/features/verification/TrustBadges';
import { countLabel, furnishingLabel, kindLabel, listingStatusLabel, listingTypeLabel, offerLabel } from '@/lib/listing-text';

export interface ListingCardProps {
  listing: Listing;
  /** Buttons shown at the bottom right (save, edit, remove...). */
  actions?: ReactNode;
  /** Highlight (the result under the pointer on the map). */
  selected?: boolean;
  /** How many tags to show before "+n". */
  maxTags?: number;
  onHover?: (id: string | null) => void;
}

export const LISTING_PHOTO_PLACEHOLDER_TEXT = 'No photo yet';

const CARD_FIELD_TAGS = new Set(['for sale', 'for rent', 'furnished', 'unfurnished']);

/** A listing in a result list: photo (or a placeholder), price (in the visitor's currency, ₱ beside), "barangay, city" and tags. */
export function ListingCard({ listing, actions, selected = false, maxTags = 4, onHover }: ListingCardProps) {
  const photo = listing.images[0];
  // the offer and the furnishing have their own places on the card: their tags would say it twice
  const shownTags = listing.tags.filter((t) => !CARD_FIELD_TAGS.has(t));
  const tags = shownTags.slice(0, maxTags);
  const moreTags = shownTags.length - tags.length;
  const facts = [
    listing.kind ? kindLabel(listing.kind) : listingTypeLabel(listing.type),
    listing.floorSize != null ? formatArea(listing.floorSize) : listing.lotSize != null ? `${formatArea(listing.lotSize)} lot` : null,
    listing.furnishing ? furnishingLabel(listing.furnishing) : null,
  ].filter(Boolean);
  const rooms = [
    listing.bedrooms != null ? { key: 'bedrooms', icon: <BedOutlinedIcon fontSize="inherit" />, text: countLabel(listing.bedrooms, 'bed') } : null,
    listing.bathrooms != null ? { key: 'bathrooms', icon: <BathtubOutlinedIcon fontSize="inherit" />, text: countLabel(listing.bathrooms, 'bath') } : null,
    listing.parkingSlots != null
      ? { key: 'parking', icon: <DirectionsCarOutlinedIcon fontSize="inherit" />, text: countLabel(listing.parkingSlots, 'parking', 'parking') }
      : null,
  ].filter((r) => r !== null);

  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={listing.name}
      data-testid="listing-card"
      onMouseEnter={onHover ? () => onHover(listing._id) : undefined}
      onMouseLeave={onHover ? () => onHover(null) : undefined}
      sx={{ display: 'flex', borderColor: selected ? 'primary.main' : 'divider', borderWidth: selected ? 2 : 1 }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/listings/${listing._id}`}
        sx={{ width: { xs: 120, sm: 180 }, flexShrink: 0, alignSelf: 'stretch' }}
        aria-label={`Open ${listing.name}`}
      >
        {photo ? (
          <Box
            component="img"
            src={photo.thumbnailUrl || photo.url}
            alt={listing.name}
            loading="lazy"
            sx={{ width: '100%', height: '100%', minHeight: 130, objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <Box
            data-testid="listing-photo-placeholder"
            sx={{
              width: '100%',
              height: '100%',
              minHeight: 130,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              bgcolor: 'action.hover',
              color: 'text.secondary',
            }}
          >
            <HomeWorkOutlinedIcon fontSize="large" />
            <Typography variant="caption">{LISTING_PHOTO_PLACEHOLDER_TEXT}</Typography>
          </Box>
        )}
      </CardActionArea>
      <Stack spacing={0.75} sx={{ p: 1.5, minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography
            variant="subtitle1"
            component={RouterLink}
            to={`/listings/${listing._id}`}
            sx={{ fontWeight: 700, color: 'text.primary', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
          >
            {listing.name}
          </Typography>
          {listing.verified && (
            <Tooltip title="Verified listing">
              <VerifiedIcon color="primary" fontSize="small" aria-label="Verified" />
            </Tooltip>
          )}
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Price amount={listing.price} currency={listing.currency} perMonth={listing.offer === 'rent'} />
          <Chip
            label={offerLabel(listing.offer)}
            size="small"
            color={listing.offer === 'rent' ? 'secondary' : 'primary'}
            data-testid="listing-offer"
          />
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <PlaceOutlinedIcon fontSize="small" />
          <Typography variant="body2" data-testid="listing-address" noWrap>
            {shortAddress(listing)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" data-testid="listing-facts">
          {facts.join(' · ')}
          {listing.status !== 'active' && ` · ${listingStatusLabel(listing.status)}`}
        </Typography>
        <PricePerArea amount={pricePerSquareMetre(listing)} currency={listing.currency} perMonth={listing.offer === 'rent'} />
        {rooms.length > 0 && (
          <Stack direction="row" sx={{ columnGap: 1.5, rowGap: 0.25, flexWrap: 'wrap', color: 'text.secondary' }} data-testid="listing-rooms">
            {rooms.map((r) => (
              <Stack key={r.key} direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-testid={`listing-${r.key}`}>
                {r.icon}
                <Typography variant="body2">{r.text}</Typography>
              </Stack>
            ))}
          </Stack>
        )}
        <TrustBadges owner={listing.owner} ownerUnlicensed={listing.ownerUnlicensed} compact />
        {(tags.length > 0 || actions) && (
          <Stack direction="row" sx={{ alignItems: 'flex-end', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }} aria-label="Tags" role="list">
              {tags.map((tag) => (
                <Chip key={tag} label={tag} size="small" variant="outlined" role="listitem" />
              ))}
              {moreTags > 0 && <Chip label={`+${moreTags}`} size="small" role="listitem" />}
            </Stack>
            {actions && <Stack direction="row" spacing={0.5} sx={{ ml: 'auto' }}>{actions}</Stack>}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
