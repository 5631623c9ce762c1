import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ENTERPRISE_DEFAULT_SEATS } from '@app/domain';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UserViewDto } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { planName } from '@/lib/billing-text';
import { useTeamCreateMutation } from '@/features/team/team-api';
import { useAdminSearchUsersQuery } from '../console-api';
import { personName } from '../labels';

function useDebounced(value: string, ms = 300): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** Staff create a team for an Enterprise-plan member: the owner found by name or e-mail, the seat limit. */
export function CreateEnterpriseDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [owner, setOwner] = useState<UserViewDto | null>(null);
  const [text, setText] = useState('');
  const [seats, setSeats] = useState(String(ENTERPRISE_DEFAULT_SEATS));
  const [tried, setTried] = useState(false);
  const search = useDebounced(text.trim());
  const { data, isFetching } = useAdminSearchUsersQuery({ page: 1, limit: 10, query: { text: search, role: ['user'] } }, { skip: search.length < 2 });
  const [create, { isLoading, error }] = useTeamCreateMutation();
  const seatLimit = Number(seats);
  const seatsError = !/^\d+$/.test(seats.trim()) || seatLimit < 1 || seatLimit > 10_000 ? 'A whole number from 1 to 10,000' : null;
  const nameError = name.trim().length < 2 ? 'Enter the team name (at least 2 characters)' : null;
  const ownerError = owner ? null : 'Choose the owner';
  const ownerPlan = owner?.subscription?.plan;

  const submit = async () => {
    setTried(true);
    if (seatsError || nameError || ownerError || !owner?._id) return;
    try {
      const created = await create({ createEnterpriseDto: { name: name.trim(), ownerId: owner._id, seatLimit } }).unwrap();
      onClose();
      navigate(`/admin/enterprises/${created._id}`);
    } catch {
      // shown below
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="create-enterprise-title" fullWidth maxWidth="sm">
      <DialogTitle id="create-enterprise-title">Create enterprise</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            The owner must already have the Enterprise plan (give it on the Subscriptions page first). They manage the team, invite its members and share its
            credit pool.
          </DialogContentText>
          <TextField
            label="Team name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={tried && !!nameError}
            helperText={tried ? nameError : undefined}
          />
          <Autocomplete<UserViewDto>
            options={data?.users ?? []}
            value={owner}
            onChange={(_e, v) => setOwner(v)}
            inputValue={text}
            onInputChange={(_e, v) => setText(v)}
            filterOptions={(o) => o}
            loading={isFetching}
            getOptionLabel={(u) => `${personName(u)} <${u.email ?? ''}>`}
            isOptionEqualToValue={(a, b) => a._id === b._id}
            noOptionsText={search.length < 2 ? 'Type at least 2 letters of a name or e-mail' : 'No member matches'}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Owner (name or e-mail)"
                error={tried && !!ownerError}
                helperText={tried && ownerError ? ownerError : owner ? `Plan: ${planName(ownerPlan)}` : undefined}
              />
            )}
          />
          {owner && ownerPlan !== 'enterprise' && (
            <Alert severity="warning">
              {personName(owner)} is on the {planName(ownerPlan)} plan: give them the Enterprise plan first, or the team will be refused.
            </Alert>
          )}
          <TextField
            label="Seat limit"
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
            error={tried && !!seatsError}
            helperText={tried && seatsError ? seatsError : 'Members including the owner'}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={isLoading}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
