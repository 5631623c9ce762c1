import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { errorMessage } from '@/lib/api/errors';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { useTeamRemoveMemberMutation } from '../team-api';

/** A member or an admin leaves the team (the owner cannot: the team would have none). */
export function LeaveTeam({ myId, teamName }: { myId: string; teamName: string }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [remove, { isLoading, error }] = useTeamRemoveMemberMutation();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        Leave team
      </Button>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <ConfirmDialog
        open={open}
        title={`Leave ${teamName}?`}
        message="You will no longer spend from the team's credit pool, and the team's admins decide what happens to your team listings. To come back you need a new invitation."
        confirmLabel="Leave team"
        busy={isLoading}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          try {
            await remove({ id: myId }).unwrap();
            setOpen(false);
            dispatch(toast.success(`You left ${teamName}`));
          } catch {
            setOpen(false);
          }
        }}
      />
    </Stack>
  );
}
