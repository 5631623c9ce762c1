import { useEffect, useState } from 'react';
import { KYC_VIEW_REASONS, type KycViewReason } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import { errorMessage } from '@/lib/api/errors';
import { selectAuth, useAppSelector } from '@/lib/state/hooks';
import { apiUrl } from '../export-client';
import { useGetKycFileLinkMutation, type KycFile } from './kyc-api';

export const KYC_VIEW_REASON_LABELS: Record<KycViewReason, string> = {
  review: 'Reviewing this submission',
  appeal: "The member's appeal",
  fraud_investigation: 'Fraud investigation',
  legal_request: 'Legal request',
  support: 'Member support',
};

export const KYC_FILE_LABELS: Record<KycFile['kind'], string> = {
  front: 'Front of the ID',
  back: 'Back of the ID',
  selfie: 'Selfie holding the ID',
};

/**
 * A KYC image: a signed link asked with the reason (POST /kyc/file-link/{fileId}, audited), then the
 * image fetched with the bearer token into a blob URL, revoked when the image goes away.
 */
export function useKycImage(fileId: string, reason: KycViewReason | null) {
  const { token } = useAppSelector(selectAuth);
  const [link] = useGetKycFileLinkMutation();
  const [state, setState] = useState<{ url: string | null; error: string | null }>({ url: null, error: null });
  useEffect(() => {
    if (!reason) return undefined;
    let url: string | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const signed = await link({ fileId, kycFileLinkRequestDto: { reason } }).unwrap();
        const res = await fetch(apiUrl(signed.url), { headers: token ? { authorization: `Bearer ${token}` } : {} });
        if (!res.ok) throw new Error(res.status === 410 ? 'the link expired; reload the page' : `HTTP ${res.status}`);
        const blob = await res.blob();
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url, error: null });
      } catch (e) {
        if (!cancelled) setState({ url: null, error: e instanceof Error ? e.message : errorMessage(e) });
      }
    })();
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId, reason, token, link]);
  return state;
}

/** One image: fills its card, a click opens it at full size. */
export function KycImage({ file, reason, label }: { file: KycFile; reason: KycViewReason; label?: string }) {
  const { url, error } = useKycImage(file._id, reason);
  const [zoom, setZoom] = useState(false);
  const name = label ?? KYC_FILE_LABELS[file.kind];
  return (
    <Paper variant="outlined" sx={{ p: 1, minWidth: 0 }} data-testid={`kyc-image-${file.kind}`}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {name}
      </Typography>
      {error && <Alert severity="error">The image could not be opened ({error}).</Alert>}
      {!url && !error && <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />}
      {url && (
        <>
          <ButtonBase
            onClick={() => setZoom(true)}
            aria-label={`Zoom: ${name}`}
            sx={{ display: 'block', width: '100%', borderRadius: 1, overflow: 'hidden', position: 'relative', bgcolor: 'grey.100' }}
          >
            <Box component="img" src={url} alt={name} sx={{ display: 'block', width: '100%', height: { xs: 'auto', sm: 220 }, maxHeight: 360, objectFit: 'contain' }} />
            <ZoomInIcon sx={{ position: 'absolute', right: 6, bottom: 6, color: 'common.white', bgcolor: 'rgba(0,0,0,0.45)', borderRadius: 1 }} />
          </ButtonBase>
          <Dialog open={zoom} onClose={() => setZoom(false)} maxWidth="xl" aria-labelledby={`zoom-${file._id}`}>
            <DialogTitle id={`zoom-${file._id}`}>{name}</DialogTitle>
            <DialogContent sx={{ p: 1 }}>
              <Box component="img" src={url} alt={`${name}, full size`} sx={{ display: 'block', maxWidth: '100%', mx: 'auto' }} />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setZoom(false)}>Close</Button>
            </DialogActions>
          </Dialog>
        </>
      )}
    </Paper>
  );
}

/** Asks once per page visit why the reviewer opens the images (the audit log records each view with it). */
export function ViewReasonGate({ onChoose, label = 'Show the images' }: { onChoose: (reason: KycViewReason) => void; label?: string }) {
  const [reason, setReason] = useState<KycViewReason>('review');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="kyc-view-reason">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField select size="small" label="Why are you opening the ID images?" value={reason} onChange={(e) => setReason(e.target.value as KycViewReason)} sx={{ minWidth: 260 }}>
          {KYC_VIEW_REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {KYC_VIEW_REASON_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" startIcon={<VisibilityOutlinedIcon />} onClick={() => onChoose(reason)}>
          {label}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Identity documents are sensitive personal information. Each image you open is recorded in the audit log with your name and this reason.
      </Typography>
    </Paper>
  );
}
