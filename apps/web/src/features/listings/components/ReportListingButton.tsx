import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';

const ReportListingDialog = lazy(() => import('./ReportListingDialog'));

/** "Report" on a listing's page (signed-in members other than the owner); the dialog loads on the first click. */
export function ReportListingButton({ listing }: { listing: { _id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="text" color="inherit" startIcon={<OutlinedFlagIcon />} onClick={() => setOpen(true)} sx={{ color: 'text.secondary' }}>
        Report
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportListingDialog listing={listing} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
