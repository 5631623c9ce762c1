import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { errorMessage, errorStatus } from '@/lib/api/errors';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { useTeamRemoveMemberMutation } from '../team-api';

/**
 * A member or an admin leaves the team (the owner cannot: the team would have none). With team
 * listings the API asks what becomes of them: the leaving member may archive them (handing them to
 * someone is the admins' choice, when they remove the member).
 */
export function LeaveTeam({ myId, teamName }: { myId: string; teamName: string }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [remove, { isLoading, error, reset }] = useTeamRemoveMemberMutation();
  const hasListings = errorStatus(error) === 400 && /listing/i.test(errorMessage(error));
  const leave = async (archive: boolean) => {
    try {
      await remove({ id: myId, ...(archive && { archive: true }) }).unwrap();
      dispatch(toast.success(`You left ${teamName}`));
    } catch {
      // shown below
    } finally {
      setOpen(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button color="error" variant="outlined" onClick={() => (reset(), setOpen(true))}>
        Leave team
      </Button>
      {error && (
        <Alert
          severity={hasListings ? 'warning' : 'error'}
          action={
            hasListings ? (
              <Button color="inherit" size="small" disabled={isLoading} onClick={() => leave(true)}>
                Leave and archive them
              </Button>
            ) : undefined
          }
        >
          {errorMessage(error)}
          {hasListings && '. Archive your team listings and leave, or ask a team admin to hand them to someone.'}
        </Alert>
      )}
      <ConfirmDialog
        open={open}
        title={`Leave ${teamName}?`}
        message="You will no longer spend from the team's credit pool. To come back you need a new invitation."
        confirmLabel="Leave team"
        busy={isLoading}
        onClose={() => setOpen(false)}
        onConfirm={() => leave(false)}
      />
    </Stack>
  );
}
