import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';

// the dialogs (forms, quotes) load when opened
const FeasibilityDialog = lazy(() => import('./FeasibilityDialog').then((m) => ({ default: m.FeasibilityDialog })));
const CompareDialog = lazy(() => import('./CompareDialog').then((m) => ({ default: m.CompareDialog })));

export interface ListingAriaActionsProps {
  listing: { _id: string; name: string; offer: string };
}

/** A listing's ARIA actions for a signed-in member: "Run feasibility" (a listing for sale) and "Ask ARIA to compare". */
export function ListingAriaActions({ listing }: ListingAriaActionsProps) {
  const [open, setOpen] = useState<'feasibility' | 'compare' | null>(null);
  const subject = { id: listing._id, name: listing.name };
  return (
    <>
      {listing.offer === 'sale' && (
        <Button variant="outlined" startIcon={<TableChartOutlinedIcon />} onClick={() => setOpen('feasibility')}>
          Run feasibility
        </Button>
      )}
      <Button variant="outlined" startIcon={<CompareArrowsIcon />} onClick={() => setOpen('compare')}>
        Ask ARIA to compare
      </Button>
      <Suspense fallback={null}>
        {open === 'feasibility' && <FeasibilityDialog open onClose={() => setOpen(null)} listing={subject} />}
        {open === 'compare' && <CompareDialog open onClose={() => setOpen(null)} listings={[subject]} pickFromSaved />}
      </Suspense>
    </>
  );
}
