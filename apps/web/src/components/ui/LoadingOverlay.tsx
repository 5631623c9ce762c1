import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export const LOADING_TEXT = 'Please wait...';

export function LoadingOverlay({ open }: { open: boolean }) {
  return (
    <Backdrop
      open={open}
      data-testid="loading-overlay"
      sx={(theme) => ({ zIndex: theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column' })}
    >
      <Stack spacing={2} sx={{ alignItems: 'center' }} role="status" aria-live="polite">
        <CircularProgress color="inherit" />
        <Typography variant="h6" component="p">
          {LOADING_TEXT}
        </Typography>
      </Stack>
    </Backdrop>
  );
}
