import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { ENTERPRISE_INVITE_TTL_HOURS } from '@app/domain';
import { FormTextField } from '@/components/ui/FormTextField';
import { errorMessage } from '@/lib/api/errors';
import { formatDayTime } from '@/lib/billing-text';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { emailRules } from '@/lib/validation';
import { useTeamInviteMutation, useTeamRevokeInviteMutation, type TeamInvite } from '../team-api';
import { TEAM_ROLE_LABELS, capText } from '../team-text';
import { parseCap } from './MemberActions';

interface InviteValues {
  email: string;
  role: 'admin' | 'member';
  cap: string;
}

/** Seats left: the limit less the seats taken (members, paused ones too, and open invitations). */
export function seatsLeft(seatLimit: number, seatsUsed: number): number {
  return Math.max(0, seatLimit - seatsUsed);
}

export function InviteButton({ seats }: { seats: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => setOpen(true)}>
        Invite
      </Button>
      {open && <InviteDialog seats={seats} onClose={() => setOpen(false)} />}
    </>
  );
}

/** E-mail, role (an admin needs a verified identity: the API says so) and an optional monthly cap; the seats left shown. */
export function InviteDialog({ seats, onClose }: { seats: number; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [invite, { isLoading, error }] = useTeamInviteMutation();
  const { control, handleSubmit } = useForm<InviteValues>({
    defaultValues: { email: '', role: 'member', cap: '' },
  });
  const onSubmit = handleSubmit(async ({ email, role, cap }) => {
    const parsed = cap.trim() === '' ? { cap: null } : parseCap(cap, false);
    if ('error' in parsed) return;
    try {
      await invite({ inviteMemberDto: { email: email.trim(), role, ...(parsed.cap != null && { monthlyCreditCap: parsed.cap }) } }).unwrap();
      dispatch(toast.success('Invitation sent', `${email.trim()} has ${ENTERPRISE_INVITE_TTL_HOURS} hours to accept it.`));
      onClose();
    } catch {
      // shown below
    }
  });
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="invite-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="invite-dialog-title">Invite to the team</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Invite to the team">
        <DialogContent>
          <Stack spacing={2}>
            <Typography color={seats > 0 ? 'text.secondary' : 'error'} data-testid="seats-left">
              {seats === 0 ? 'No seats left: remove a member or revoke an invitation first.' : seats === 1 ? '1 seat left' : `${seats} seats left`}
            </Typography>
            <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="off" rules={emailRules} />
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <TextField select label="Role" {...field}>
                  <MenuItem value="member">Member</MenuItem>
                  <MenuItem value="admin">Admin (needs a verified identity)</MenuItem>
                </TextField>
              )}
            />
            <FormTextField
              control={control}
              name="cap"
              label="Monthly credit cap (optional)"
              helperText="Leave empty for no cap"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              rules={{
                validate: (v: string) => (v.trim() === '' || !('error' in parseCap(v, false)) ? true : 'Enter a whole number of credits (0 or more)'),
              }}
            />
            {error && <Alert severity="error">{errorMessage(error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading || seats === 0}>
            Send invitation
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Open invitations, each with Revoke. */
export function OpenInvites({ invites }: { invites: TeamInvite[] }) {
  const dispatch = useAppDispatch();
  const [revoke, { isLoading }] = useTeamRevokeInviteMutation();
  return (
    <Stack spacing={1} component="section" aria-labelledby="invites-title">
      <Typography id="invites-title" variant="h6" component="h2">
        Open invitations
      </Typography>
      {invites.length === 0 ? (
        <Typography color="text.secondary">No open invitations.</Typography>
      ) : (
        <Paper variant="outlined">
          <List dense aria-label="Open invitations">
            {invites.map((i) => (
              <ListItem
                key={i._id}
                divider
                secondaryAction={
                  <Button
                    size="small"
                    color="error"
                    disabled={isLoading}
                    aria-label={`Revoke the invitation of ${i.email}`}
                    onClick={async () => {
                      try {
                        await revoke({ id: i._id }).unwrap();
                        dispatch(toast.success('Invitation revoked', i.email));
                      } catch (e) {
                        dispatch(toast.error('Not revoked', errorMessage(e)));
                      }
                    }}
                  >
                    Revoke
                  </Button>
                }
                sx={{ pr: 11 }}
              >
                <ListItemText
                  primary={i.email}
                  secondary={`${TEAM_ROLE_LABELS[i.role]} · ${capText(i.monthlyCreditCap)} · ${i.status === 'expired' ? 'expired' : 'expires'} ${formatDayTime(i.expiresAt)}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
