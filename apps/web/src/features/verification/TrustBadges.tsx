/**
 * The trust badges of a listing's owner (issue 15): "Verified identity", the PRC licence, or a warning
 * when a professional has no approved licence. Kept tiny: the listing cards of the first page use it.
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { licenceBadge, type LicenceKind } from '@app/domain';

export interface TrustOwner {
  _id?: string;
  isVerified?: boolean | null;
  licence?: { kind: LicenceKind; number: string } | null;
}

export interface TrustBadgesProps {
  owner: TrustOwner | null | undefined;
  /** The owner is a broker, salesperson, appraiser or consultant without an approved licence. */
  ownerUnlicensed?: boolean | null;
  /** Smaller chips (listing cards). */
  compact?: boolean;
  /** Space around the row (it renders nothing when there is nothing to say). */
  sx?: SxProps<Theme>;
}

export const VERIFIED_IDENTITY = 'Verified identity';
export const NO_LICENCE = 'No PRC licence on file';
export const RESA_TIP =
  'Under RESA (RA 9646), real estate brokers, appraisers and consultants must hold a PRC licence, and salespersons must be accredited and work under a licensed broker.';

/** Nothing when there is nothing to say. */
export function TrustBadges({ owner, ownerUnlicensed, compact = false, sx: outer }: TrustBadgesProps) {
  const verified = !!owner?.isVerified;
  const licence = owner?.licence ?? null;
  if (!verified && !licence && !ownerUnlicensed) return null;
  const size = 'small' as const;
  const sx = compact ? { height: 22, maxWidth: '100%', '& .MuiChip-label': { px: 0.75, fontSize: 12 } } : { maxWidth: '100%' };
  return (
    <Stack direction="row" sx={[{ gap: 0.5, flexWrap: 'wrap', minWidth: 0 }, ...(Array.isArray(outer) ? outer : [outer])]} data-testid="trust-badges">
      {verified && (
        <Tooltip title="Our team checked this member's government ID and selfie.">
          <Chip
            size={size}
            color="success"
            variant="outlined"
            icon={<VerifiedUserOutlinedIcon />}
            label={VERIFIED_IDENTITY}
            tabIndex={0}
            sx={sx}
          />
        </Tooltip>
      )}
      {licence ? (
        <Tooltip title={`Checked by our team against the member's PRC ID. ${RESA_TIP}`}>
          <Chip
            size={size}
            color="primary"
            variant="outlined"
            icon={<WorkspacePremiumOutlinedIcon />}
            label={licenceBadge(licence.kind, licence.number)}
            tabIndex={0}
            sx={sx}
          />
        </Tooltip>
      ) : ownerUnlicensed ? (
        <Tooltip title={RESA_TIP}>
          <Chip size={size} color="warning" icon={<ReportProblemOutlinedIcon />} label={NO_LICENCE} tabIndex={0} sx={sx} />
        </Tooltip>
      ) : null}
    </Stack>
  );
}
