import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormPasswordField, FormTextField } from '@/components/ui/FormTextField';
import type { User } from '@/lib/api/types';
import { errorMessage, errorStatus } from '@/lib/api/errors';
import { formatDayTime } from '@/lib/billing-text';
import { sessionStarted } from '@/lib/state/auth-slice';
import { selectAuth, useAppDispatch, useAppSelector, useGlobalLoading } from '@/lib/state/hooks';
import { logout } from '@/lib/state/session';
import { toast } from '@/lib/state/toasts-slice';
import { newPasswordRules } from '@/lib/validation';
import { useTeamActivateMutation, useTeamInvitePreviewQuery, type InvitePreview } from './team-api';
import { TEAM_ROLE_LABELS } from './team-text';

const CLOSED: Record<Exclude<InvitePreview['status'], 'open'>, string> = {
  expired: 'This invitation has expired. Ask the team for a new one.',
  used: 'This invitation has already been used. If it was you, open your team page.',
  revoked: 'This invitation was withdrawn by the team. Ask them for a new one if you should join.',
};

/** The words for a preview the API refused: gone (404), expired (410) or anything else. */
function refusal(error: unknown): string {
  const status = errorStatus(error);
  if (status === 404) return 'This invitation does not exist or was already used or withdrawn. Check the link, or ask the team for a new one.';
  if (status === 410) return CLOSED.expired;
  return errorMessage(error);
}

/**
 * /team/join/:token: the invitation (GET /enterprise/invite/{token}) and what to do with it. Signed in
 * as the invited address: Join; as another: which address it is for, and Sign out; signed out: create
 * the account (the e-mail fixed) or, when it exists, sign in and come back here.
 */
export function JoinTeamPage() {
  const { token = '' } = useParams();
  const { token: session, user } = useAppSelector(selectAuth);
  const { data: invite, error, isLoading } = useTeamInvitePreviewQuery({ token }, { skip: !token });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        {isLoading ? (
          <Skeleton variant="rounded" height={180} />
        ) : error || !invite ? (
          <Stack spacing={2}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              Team invitation
            </Typography>
            <Alert severity="error" data-testid="invite-closed">
              {refusal(error)}
            </Alert>
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Box>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                Join {invite.enterpriseName}
              </Typography>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                You are invited as {TEAM_ROLE_LABELS[invite.role].toLowerCase()} ({invite.email}).
                {invite.status === 'open' && ` The invitation expires ${formatDayTime(invite.expiresAt)}.`}
              </Typography>
            </Box>
            {invite.status !== 'open' ? (
              <Alert severity="warning" data-testid="invite-closed">
                {CLOSED[invite.status]}
              </Alert>
            ) : session && !user ? (
              <Skeleton variant="rounded" height={60} />
            ) : user ? (
              user.email.toLowerCase() === invite.email.toLowerCase() ? (
                <JoinAsMe token={token} invite={invite} />
              ) : (
                <WrongAccount invite={invite} user={user} />
              )
            ) : invite.accountExists ? (
              <Stack spacing={1}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>An account with {invite.email} exists. Sign in with it to join the team.</Typography>
                <Box>
                  <Button component={RouterLink} to={`/login?next=${encodeURIComponent(`/team/join/${token}`)}`} variant="contained" sx={{ overflowWrap: 'anywhere' }}>
                    Sign in as {invite.email}
                  </Button>
                </Box>
              </Stack>
            ) : (
              <CreateAccount token={token} invite={invite} />
            )}
          </Stack>
        )}
      </Paper>
    </Container>
  );
}

function useJoined() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (teamName: string) => {
    dispatch(toast.success(`Welcome to ${teamName}`, 'You joined the team.'));
    navigate('/team', { replace: true });
  };
}

function JoinAsMe({ token, invite }: { token: string; invite: InvitePreview }) {
  const [activate, { isLoading, error }] = useTeamActivateMutation();
  const joined = useJoined();
  useGlobalLoading(isLoading);
  return (
    <Stack spacing={1.5}>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <Box>
        <Button
          variant="contained"
          size="large"
          disabled={isLoading}
          onClick={async () => {
            try {
              await activate({ token, activateInviteDto: {} }).unwrap();
              joined(invite.enterpriseName);
            } catch {
              // shown above
            }
          }}
        >
          Join {invite.enterpriseName}
        </Button>
      </Box>
    </Stack>
  );
}

function WrongAccount({ invite, user }: { invite: InvitePreview; user: User }) {
  const dispatch = useAppDispatch();
  return (
    <Stack spacing={1.5}>
      <Alert severity="info" data-testid="wrong-account" sx={{ overflowWrap: 'anywhere' }}>
        This invitation is for {invite.email}, and you are signed in as {user.email}. Sign out, then open the link again to join as {invite.email}.
      </Alert>
      <Box>
        <Button variant="outlined" onClick={() => dispatch(logout())}>
          Sign out
        </Button>
      </Box>
    </Stack>
  );
}

interface AccountValues {
  firstName: string;
  lastName: string;
  password: string;
}

function CreateAccount({ token, invite }: { token: string; invite: InvitePreview }) {
  const dispatch = useAppDispatch();
  const [activate, { isLoading, error }] = useTeamActivateMutation();
  const joined = useJoined();
  useGlobalLoading(isLoading);
  const { control, handleSubmit } = useForm<AccountValues>({
    defaultValues: { firstName: '', lastName: '', password: '' },
  });
  const onSubmit = handleSubmit(async ({ firstName, lastName, password }) => {
    try {
      const answer = await activate({ token, activateInviteDto: { firstName: firstName.trim(), lastName: lastName.trim(), password } }).unwrap();
      if ('token' in answer && answer.token) dispatch(sessionStarted({ token: answer.token, user: answer.user as User }));
      joined(invite.enterpriseName);
    } catch {
      // shown below
    }
  });
  const nameRules = (what: string) => ({
    validate: (v: string) => (v.trim() ? true : `${what} is required`),
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create your account">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Create your account
        </Typography>
        <TextField label="Email" value={invite.email} disabled fullWidth helperText="The address the invitation was sent to" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="firstName" label="First name" autoComplete="given-name" rules={nameRules('First name')} />
          <FormTextField control={control} name="lastName" label="Last name" autoComplete="family-name" rules={nameRules('Last name')} />
        </Stack>
        <FormPasswordField control={control} name="password" label="Password" autoComplete="new-password" rules={newPasswordRules} />
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        <Button type="submit" variant="contained" size="large" disabled={isLoading}>
          Create account and join
        </Button>
      </Stack>
    </Box>
  );
}
