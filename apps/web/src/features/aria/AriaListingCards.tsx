import { Link as RouterLink } from 'react-router';
import type { AriaListingCard } from '@app/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Price, PricePerArea } from '@/components/ui/Price';
import { formatArea } from '@/lib/format';
import { countLabel, kindLabel } from '@/lib/listing-text';

/** The web path of a card's listing (the card's own url when it is one, else /listings/{id}). */
export const cardHref = (card: Pick<AriaListingCard, 'id' | 'url'>) => (card.url?.startsWith('/listings/') ? card.url : `/listings/${card.id}`);

/** A listing ARIA found: photo, name (a link), price in the visitor's currency (₱ beside), beds, floor area, price/m², barangay and city, verified. */
export function AriaListingCardView({ card }: { card: AriaListingCard }) {
  const href = cardHref(card);
  const area = card.floorArea ?? card.lotArea;
  const facts = [
    card.kind ? kindLabel(card.kind) : null,
    card.bedrooms != null ? countLabel(card.bedrooms, 'bed') : null,
    card.bathrooms != null ? countLabel(card.bathrooms, 'bath') : null,
    area != null ? `${formatArea(area)}${card.floorArea == null ? ' lot' : ''}` : null,
  ].filter(Boolean);
  return (
    <Card variant="outlined" component="article" aria-label={card.name} data-testid="aria-listing-card" sx={{ display: 'flex', minWidth: 0 }}>
      <Box component={RouterLink} to={href} tabIndex={-1} aria-hidden sx={{ width: { xs: 88, sm: 112 }, flexShrink: 0, bgcolor: 'action.hover', display: 'flex' }}>
        {card.imageUrl ? (
          <Box component="img" src={card.imageUrl} alt="" loading="lazy" sx={{ width: '100%', height: '100%', minHeight: 96, objectFit: 'cover', display: 'block' }} />
        ) : (
          <Box sx={{ m: 'auto', color: 'text.secondary' }}>
            <HomeWorkOutlinedIcon />
          </Box>
        )}
      </Box>
      <Stack spacing={0.25} sx={{ p: 1.25, minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Link component={RouterLink} to={href} variant="subtitle2" underline="hover" color="text.primary" sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}>
            {card.name}
          </Link>
          {card.verified && <VerifiedIcon color="primary" sx={{ fontSize: 18, flexShrink: 0 }} aria-label="Verified" titleAccess="Verified listing" />}
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Price amount={card.price} currency={card.currency} perMonth={card.offer === 'rent'} size="compact" testId="aria-card-price" />
          <Chip label={card.offer === 'rent' ? 'For rent' : 'For sale'} size="small" color={card.offer === 'rent' ? 'secondary' : 'primary'} variant="outlined" />
        </Stack>
        {facts.length > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="aria-card-facts">
            {facts.join(' · ')}
          </Typography>
        )}
        <PricePerArea amount={card.pricePerSqm} currency={card.currency} perMonth={card.offer === 'rent'} />
        <Typography variant="caption" color="text.secondary" noWrap>
          {[card.barangayName, card.cityName].filter(Boolean).join(', ')}
        </Typography>
      </Stack>
    </Card>
  );
}

/** The cards of a tool result, one column in the panel, two on a wide page. */
export function AriaListingCards({ cards, wide = false }: { cards: readonly AriaListingCard[]; wide?: boolean }) {
  if (cards.length === 0) return null;
  return (
    <Box
      role="list"
      aria-label="Listings ARIA found"
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: wide ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)' } }}
    >
      {cards.map((card) => (
        <Box role="listitem" key={card.id} sx={{ minWidth: 0 }}>
          <AriaListingCardView card={card} />
        </Box>
      ))}
    </Box>
  );
}
