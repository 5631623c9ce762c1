/**
 * The trust badges of a listing's owner (issue 15): "Verified identity", the PRC licence, or a warning
 * when a professional has no approved licence. Kept tiny: the listing cards of the first page use it
 * (only components and the one icon those cards load anyway).
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import VerifiedIcon from '@mui/icons-material/Verified';
import { licenceBadge, type LicenceKind } from '@app/domain';

export interface TrustOwner {
  isVerified?: boolean | null;
  licence?: { kind: LicenceKind; number: string } | null;
}

export interface TrustBadgesProps {
  owner: TrustOwner | null | undefined;
  /** The owner is a broker, salesperson, appraiser or consultant without an approved licence. */
  ownerUnlicensed?: boolean | null;
  /** Smaller chips (listing cards). */
  compact?: boolean;
}

export const VERIFIED_IDENTITY = 'Verified identity';
export const NO_LICENCE = 'No PRC licence on file';
export const RESA_TIP =
  'Under RESA (RA 9646), real estate brokers, appraisers and consultants must hold a PRC licence, and salespersons must be accredited and work under a licensed broker.';

/** Nothing when there is nothing to say. */
export function TrustBadges({ owner, ownerUnlicensed, compact = false }: TrustBadgesProps) {
  const licence = owner?.licence;
  const badges: [label: string, tip: string, color: 'success' | 'primary' | 'warning'][] = [];
  if (owner?.isVerified) badges.push([VERIFIED_IDENTITY, "We checked this member's government ID.", 'success']);
  if (licence) badges.push([licenceBadge(licence.kind, licence.number), RESA_TIP, 'primary']);
  else if (ownerUnlicensed) badges.push([NO_LICENCE, RESA_TIP, 'warning']);
  if (badges.length === 0) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', minWidth: 0 }} data-testid="trust-badges">
      {badges.map(([label, tip, color]) => (
        <Tooltip key={color} title={tip}>
          <Chip
            size="small"
            color={color}
            variant={color === 'warning' ? 'filled' : 'outlined'}
            icon={color === 'success' ? <VerifiedIcon /> : undefined}
            label={label}
            tabIndex={0}
            sx={compact ? { height: 22, maxWidth: '100%', '& .MuiChip-label': { px: 0.75, fontSize: 12 } } : { maxWidth: '100%' }}
          />
        </Tooltip>
      ))}
    </Stack>
  );
}
