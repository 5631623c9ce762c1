import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { Attachment } from '@/lib/api/messaging';
import { formatBytes } from '../attachments';

function ImagePreview({ attachment }: { attachment: Attachment }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={`Open ${attachment.filename}`}
        sx={{ borderRadius: 1, overflow: 'hidden', display: 'block' }}
      >
        <Box
          component="img"
          src={attachment.url || undefined}
          alt={attachment.filename}
          loading="lazy"
          sx={{ display: 'block', width: { xs: 160, sm: 200 }, height: { xs: 120, sm: 150 }, objectFit: 'cover', bgcolor: 'grey.200' }}
        />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" aria-labelledby={titleId}>
        <DialogTitle id={titleId} sx={{ py: 1, pr: 2, fontSize: '1rem', overflowWrap: 'anywhere' }}>
          {attachment.filename}
        </DialogTitle>
        <DialogContent sx={{ p: 1 }}>
          <Box component="img" src={attachment.url || undefined} alt={attachment.filename} sx={{ display: 'block', maxWidth: '100%', maxHeight: '80vh' }} />
        </DialogContent>
        <DialogActions>
          <Button component="a" href={attachment.url} target="_blank" rel="noopener noreferrer">
            Open in new tab
          </Button>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function FileLink({ attachment, icon }: { attachment: Attachment; icon?: ReactNode }) {
  return (
    <Link
      href={attachment.url}
      target="_blank"
      rel="noopener noreferrer"
      underline="hover"
      color="inherit"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}
    >
      {icon}
      <span>{attachment.filename}</span>
      <Typography component="span" variant="caption" sx={{ opacity: 0.8 }}>
        ({formatBytes(attachment.size)})
      </Typography>
    </Link>
  );
}

/** Images as previews (click to open), videos in a player, PDFs as file links. */
export function MessageAttachments({ attachments }: { attachments: Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 0.5 }} data-testid="message-attachments">
      {attachments.map((a) =>
        a.type === 'image' ? (
          <ImagePreview key={a._id} attachment={a} />
        ) : a.type === 'video' ? (
          <Stack key={a._id} spacing={0.5}>
            <Box
              component="video"
              controls
              preload="metadata"
              src={a.url || undefined}
              aria-label={a.filename}
              sx={{ display: 'block', width: { xs: 220, sm: 280 }, maxWidth: '100%', borderRadius: 1, bgcolor: 'common.black' }}
            />
            <FileLink attachment={a} />
          </Stack>
        ) : (
          <FileLink key={a._id} attachment={a} icon={<PictureAsPdfOutlinedIcon fontSize="small" />} />
        ),
      )}
    </Stack>
  );
}
