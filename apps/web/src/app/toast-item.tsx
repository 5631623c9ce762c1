import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Fade from '@mui/material/Fade';
import { useAppDispatch } from '@/lib/state/hooks';
import { TOAST_FADE_MS, TOAST_VISIBLE_MS, toastLeaving, toastRemoved, type Toast } from '@/lib/state/toasts-slice';

/** One toast of the Toaster (loaded on demand, see toaster.tsx). */
export function ToastItem({ toast }: { toast: Toast }) {
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
