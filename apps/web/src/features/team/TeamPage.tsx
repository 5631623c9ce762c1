import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { errorMessage } from "@/lib/api/errors";
import { selectCurrentUser, useAppSelector } from "@/lib/state/hooks";
import {
  useTeamEnterpriseQuery,
  useTeamMyAccountQuery,
  type Enterprise,
  type Membership,
} from "./team-api";
import { managesTeam } from "./team-text";
import { InviteButton, OpenInvites, seatsLeft } from "./components/Invites";
import { LeaveTeam } from "./components/LeaveTeam";
import { MembersDashboard } from "./components/MembersDashboard";
import { NoTeam } from "./components/NoTeam";
import { PoolLedger } from "./components/PoolLedger";
import { TeamSummary } from "./components/TeamSummary";

/**
 * /team: for a member in no team, what teams are (and "Create your team" with the Enterprise plan);
 * for a team member their team, role, cap and use, the pool's balance and their own spend; owners
 * and admins also get the team management dashboard, invitations and the whole pool's ledger.
 */
export function TeamPage() {
  const user = useAppSelector(selectCurrentUser);
  const { data, error, isLoading } = useTeamMyAccountQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const hasEnterprisePlan =
    user?.subscription?.plan === "enterprise" &&
    user.subscription.status === "active";

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Team
          </Typography>
          <Typography color="text.secondary">
            Your Enterprise team: members, seats and the shared AI credit pool.
          </Typography>
        </Box>
        {error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : isLoading || !data || !user ? (
          <Skeleton variant="rounded" height={160} />
        ) : data.enterprise && data.membership ? (
          <TeamView
            enterprise={data.enterprise}
            membership={data.membership}
            myId={user._id}
          />
        ) : (
          <NoTeam hasEnterprisePlan={hasEnterprisePlan} />
        )}
      </Stack>
    </Container>
  );
}

function TeamView({
  enterprise,
  membership,
  myId,
}: {
  enterprise: Enterprise;
  membership: Membership;
  myId: string;
}) {
  const admin = managesTeam(membership.role);
  return (
    <>
      <TeamSummary enterprise={enterprise} membership={membership} />
      {admin ? (
        <TeamManagement
          enterprise={enterprise}
          myRole={membership.role}
          myId={myId}
        />
      ) : (
        <PoolLedger
          enterpriseId={enterprise._id}
          onlyMemberId={myId}
          title="My spend from the pool"
        />
      )}
      {membership.role !== "owner" && (
        <LeaveTeam myId={myId} teamName={enterprise.name} />
      )}
    </>
  );
}

function TeamManagement({
  enterprise,
  myRole,
  myId,
}: {
  enterprise: Enterprise;
  myRole: Membership["role"];
  myId: string;
}) {
  const { data: detail, error } = useTeamEnterpriseQuery(enterprise._id);
  const invites = detail?.invites ?? [];
  const seats = seatsLeft(
    enterprise.seatLimit,
    enterprise.seatsUsed,
    invites.length,
  );
  return (
    <>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <Typography color="text.secondary" data-testid="seats">
          {enterprise.seatsUsed} of {enterprise.seatLimit} seats used
          {invites.length > 0 ? `, ${invites.length} invited` : ""}
        </Typography>
        <Box>
          <InviteButton seats={seats} myRole={myRole} />
        </Box>
      </Stack>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <MembersDashboard
        enterpriseId={enterprise._id}
        myRole={myRole}
        myId={myId}
      />
      <OpenInvites invites={invites} />
      <PoolLedger
        enterpriseId={enterprise._id}
        members={detail?.members.map((m) => m.user)}
      />
    </>
  );
}
