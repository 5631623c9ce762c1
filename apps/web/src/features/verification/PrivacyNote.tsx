import { useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { KYC_APPROVAL_VALID_DAYS, KYC_RETENTION_DAYS } from '@app/domain';

/** What we keep of an ID, for how long, and how it is protected (Data Privacy Act, RA 10173). */
export function PrivacyNote() {
  const [open, setOpen] = useState(false);
  const years = Math.round(KYC_APPROVAL_VALID_DAYS / 365);
  return (
    <Box
      component="section"
      aria-label="Your privacy"
      sx={{ display: 'flex', gap: 1.5, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
    >
      <LockOutlinedIcon color="action" fontSize="small" sx={{ mt: 0.25 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2">
          We keep your ID details and the three photos only to verify who you are. Other members never see them;
          they see a &ldquo;Verified identity&rdquo; badge. After approval the photos are kept while your verification is valid
          (up to {years} years); photos of a rejected or withdrawn submission are deleted after {KYC_RETENTION_DAYS} days.{' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls="kyc-privacy-details"
            sx={{ verticalAlign: 'baseline' }}
          >
            How we protect it
          </Link>
        </Typography>
        <Collapse in={open} id="kyc-privacy-details">
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, typography: 'body2' }}>
            <li>Each photo is encrypted with its own key before it is stored, and kept out of public storage.</li>
            <li>Only identity reviewers can open a photo, through a link that works for five minutes and only for them.</li>
            <li>Every time someone opens your photo it is recorded with who opened it and why.</li>
            <li>You can withdraw a submission that is still waiting for review.</li>
          </Box>
        </Collapse>
      </Box>
    </Box>
  );
}
