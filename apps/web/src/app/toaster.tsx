import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Fade from '@mui/material/Fade';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import {
  TOAST_FADE_MS,
  TOAST_VISIBLE_MS,
  toastLeaving,
  toastRemoved,
  type Toast,
} from '@/lib/state/toasts-slice';

export { TOAST_FADE_MS, TOAST_VISIBLE_MS };

export type ToastPosition =
  | 'top-left'
  | 'top-center'
  | 'top-right'
  | 'bottom-left'
  | 'bottom-center'
  | 'bottom-right';

export const DEFAULT_TOAST_POSITION: ToastPosition = 'top-right';
const EDGE_OFFSET = 16;

export function toastPositionStyle(position: ToastPosition): Record<string, string | number> {
  const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'left' | 'center' | 'right'];
  const style: Record<string, string | number> = { [vertical]: EDGE_OFFSET };
  if (horizontal === 'center') {
    style.left = '50%';
    style.transform = 'translateX(-50%)';
  } else {
    style[horizontal] = EDGE_OFFSET;
  }
  return style;
}

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const { id, leaving } = toast;

  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastLeaving(id)), TOAST_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, id]);

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => dispatch(toastRemoved(id)), TOAST_FADE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, id, leaving]);

  return (
    <Fade in={!leaving} appear timeout={{ appear: 150, enter: 150, exit: TOAST_FADE_MS }}>
      <Alert
        severity={toast.type}
        variant="filled"
        data-testid="toast"
        data-toast-type={toast.type}
        data-state={leaving ? 'leaving' : 'visible'}
        onClose={leaving ? undefined : () => dispatch(toastLeaving(id))}
        sx={{ pointerEvents: 'auto', boxShadow: 3, width: '100%' }}
      >
        <AlertTitle sx={{ mb: toast.message ? 0.5 : 0 }}>{toast.title}</AlertTitle>
        {toast.message}
      </Alert>
    </Fade>
  );
}

export interface ToasterProps {
  /** Screen corner or edge where toasts stack (default top-right). */
  position?: ToastPosition;
}

/** Renders the toasts slice: each toast shows 3000 ms, fades out over 220 ms, then is removed. */
export function Toaster({ position = DEFAULT_TOAST_POSITION }: ToasterProps) {
  const items = useAppSelector((state) => state.toasts.items);
  const sx: SxProps<Theme> = (theme) => ({
    position: 'fixed',
    zIndex: theme.zIndex.snackbar,
    width: 'min(360px, calc(100vw - 32px))',
    pointerEvents: 'none',
    ...toastPositionStyle(position),
  });
  return (
    <Stack
      data-testid="toaster"
      data-position={position}
      aria-live="polite"
      spacing={1}
      direction={position.startsWith('bottom') ? 'column-reverse' : 'column'}
      sx={sx}
    >
      {items.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Stack>
  );
}
