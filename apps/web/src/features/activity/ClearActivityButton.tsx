import { useState } from 'react';
import Button from '@mui/material/Button';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useClearMyActivityMutation } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';

/** "Clear history" (DELETE /activity/user), after a confirmation. */
export function ClearActivityButton({ disabled = false }: { disabled?: boolean }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [clear, { isLoading }] = useClearMyActivityMutation();

  const confirm = async () => {
    try {
      const { removed } = await clear().unwrap();
      setOpen(false);
      dispatch(toast.success('Activity history cleared', `${removed} ${removed === 1 ? 'entry' : 'entries'} removed`));
    } catch (error) {
      dispatch(toast.error('Could not clear your activity', errorMessage(error)));
    }
  };

  return (
    <>
      <Button color="error" startIcon={<DeleteSweepOutlinedIcon />} onClick={() => setOpen(true)} disabled={disabled}>
        Clear history
      </Button>
      <ConfirmDialog
        open={open}
        title="Clear your activity history?"
        message="Every entry of your recent activity is removed. Your saved listings, saved searches and pinned items stay."
        confirmLabel="Clear history"
        busy={isLoading}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
