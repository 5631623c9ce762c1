import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { onDemand, useOnDemand } from '@/lib/on-demand';
import { useAppSelector } from '@/lib/state/hooks';
import { TOAST_FADE_MS, TOAST_VISIBLE_MS } from '@/lib/state/toasts-slice';

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

/**
 * A toast itself (MUI's Alert and Fade) loads with the first toast, or earlier with the visitor's first tap
 * or key (main.tsx): the first page does not wait for it.
 */
export const toastItemModule = onDemand(() => import('./toast-item'));

export interface ToasterProps {
  /** Screen corner or edge where toasts stack (default top-right). */
  position?: ToastPosition;
}

/** Renders the toasts slice: each toast shows 3000 ms, fades out over 220 ms, then is removed. */
export function Toaster({ position = DEFAULT_TOAST_POSITION }: ToasterProps) {
  const items = useAppSelector((state) => state.toasts.items);
  const ToastItem = useOnDemand(toastItemModule, items.length > 0)?.ToastItem;
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
      {ToastItem && items.map((toast) => <ToastItem key={toast.id} toast={toast} />)}
    </Stack>
  );
}
