import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@/lib/api/errors';
import { selectCurrentUser, useAppSelector } from '@/lib/state/hooks';
import { useTeamLedgerQuery, useTeamMyAccountQuery, type Enterprise, type TeamMember } from './team-api';
import { managesTeam } from './team-text';
import { InviteButton, OpenInvites, seatsLeft } from './components/Invites';
import { LeaveTeam } from './components/LeaveTeam';
import { MembersDashboard } from './components/MembersDashboard';
import { NoTeam } from './components/NoTeam';
import { PoolLedger } from './components/PoolLedger';
import { TeamSummary } from './components/TeamSummary';

/**
 * /team: for a member in no team, what teams are (and "Create your team" with the Enterprise plan);
 * for a team member their team, role, cap and use, the pool's balance and their own spend; owners
 * and admins also get the team management dashboard, invitations and the whole pool's ledger.
 */
export function TeamPage() {
  const user = useAppSelector(selectCurrentUser);
  const { data, error, isLoading } = useTeamMyAccountQuery(undefined, { refetchOnMountOrArgChange: true });
  const hasEnterprisePlan = user?.subscription?.plan === 'enterprise' && user.subscription.status === 'active';

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Team
          </Typography>
          <Typography color="text.secondary">Your Enterprise team: members, seats and the shared AI credit pool.</Typography>
        </Box>
        {error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : isLoading || !data || !user ? (
          <Skeleton variant="rounded" height={160} />
        ) : data.enterprise && data.membership ? (
          <TeamView enterprise={data.enterprise} membership={data.membership} myId={user._id} />
        ) : (
          <NoTeam hasEnterprisePlan={hasEnterprisePlan} />
        )}
      </Stack>
    </Container>
  );
}

function TeamView({ enterprise, membership, myId }: { enterprise: Enterprise; membership: TeamMember; myId: string }) {
  const admin = managesTeam(membership.role);
  // what I spent from the pool this month (the ledger's spending by member, narrowed to me)
  const { data: mine } = useTeamLedgerQuery({ id: enterprise._id, memberId: myId, page: 1, limit: 1 });
  const used = mine ? (mine.byMember.find((b) => b.userId === myId)?.spentThisMonth ?? 0) : undefined;
  return (
    <>
      <TeamSummary enterprise={enterprise} membership={membership} usedThisMonth={used} />
      {admin ? (
        <TeamManagement enterprise={enterprise} myRole={membership.role} myId={myId} />
      ) : (
        <PoolLedger enterpriseId={enterprise._id} onlyMemberId={myId} title="My spend from the pool" />
      )}
      {membership.role !== 'owner' && <LeaveTeam myId={myId} teamName={enterprise.name} />}
    </>
  );
}

function TeamManagement({ enterprise, myRole, myId }: { enterprise: Enterprise; myRole: TeamMember['role']; myId: string }) {
  const invites = enterprise.invites.filter((i) => i.status === 'open' || i.status === 'expired');
  const open = invites.filter((i) => i.status === 'open').length;
  const seats = seatsLeft(enterprise.seatLimit, enterprise.seatsUsed);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography color="text.secondary" data-testid="seats">
          {enterprise.seatsUsed} of {enterprise.seatLimit} seats taken
          {open > 0 ? ` (${open} by open invitations)` : ''}
        </Typography>
        <Box>
          <InviteButton seats={seats} />
        </Box>
      </Stack>
      <MembersDashboard enterprise={enterprise} myRole={myRole} myId={myId} />
      <OpenInvites invites={invites} />
      <PoolLedger
        enterpriseId={enterprise._id}
        members={enterprise.members.map((m) => ({ _id: m.userId, firstName: m.firstName, lastName: m.lastName, email: m.email }))}
      />
    </>
  );
}
