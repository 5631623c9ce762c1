import { useState } from "react";
import Alert from "@mui/material/Alert";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { EnterpriseRole } from "@app/domain";
import { errorMessage } from "@/lib/api/errors";
import { formatCredits } from "@/lib/billing-text";
import { useTeamDashboardQuery, type DashboardRow } from "../team-api";
import {
  TEAM_ROLE_LABELS,
  TEAM_STATUS_LABELS,
  capText,
  isoDay,
  periodRange,
  personName,
  responseTimeText,
} from "../team-text";
import { MemberActions } from "./MemberActions";
import { PeriodPicker, type PeriodValue } from "./PeriodPicker";

/**
 * The spec's team management dashboard: each member's role, status, cap, listings, inquiries, median
 * response time and credits used in the period (GET /enterprise/{id}/dashboard). On a phone the table
 * scrolls sideways, the name column staying in view.
 */
export function MembersDashboard({
  enterpriseId,
  myRole,
  myId,
}: {
  enterpriseId: string;
  myRole: EnterpriseRole;
  myId: string;
}) {
  const [period, setPeriod] = useState<PeriodValue>(() => {
    const now = new Date();
    return {
      period: "month",
      from: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)),
      to: isoDay(now),
    };
  });
  const range = periodRange(period.period, period);
  const invalid = !range.from || !range.to || range.from > range.to;
  const { data, error, isLoading, isFetching } = useTeamDashboardQuery(
    { id: enterpriseId, ...range },
    { skip: invalid },
  );
  const rows = data?.members ?? [];

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="members-title">
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <Typography id="members-title" variant="h6" component="h2">
          Members
        </Typography>
        <PeriodPicker value={period} onChange={setPeriod} />
      </Stack>
      {invalid && (
        <Alert severity="warning">
          Choose a start day on or before the end day.
        </Alert>
      )}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <TableContainer
          component={Paper}
          variant="outlined"
          sx={{ overflowX: "auto", opacity: isFetching ? 0.7 : 1 }}
        >
          <Table size="small" aria-label="Team members" sx={{ minWidth: 860 }}>
            <TableHead>
              <TableRow>
                <TableCell
                  sx={{
                    position: "sticky",
                    left: 0,
                    bgcolor: "background.paper",
                    zIndex: 1,
                  }}
                >
                  Name
                </TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Monthly cap</TableCell>
                <TableCell align="right">Listings</TableCell>
                <TableCell align="right">Inquiries</TableCell>
                <TableCell align="right">Median response</TableCell>
                <TableCell align="right">Credits used</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <MemberRow
                  key={r.user._id}
                  row={r}
                  rows={rows}
                  myRole={myRole}
                  myId={myId}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

function MemberRow({
  row,
  rows,
  myRole,
  myId,
}: {
  row: DashboardRow;
  rows: DashboardRow[];
  myRole: EnterpriseRole;
  myId: string;
}) {
  return (
    <TableRow data-testid={`member-${row.user._id}`}>
      <TableCell
        sx={{
          position: "sticky",
          left: 0,
          bgcolor: "background.paper",
          zIndex: 1,
          maxWidth: 220,
        }}
      >
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
        >
          {personName(row.user)}
          {row.user._id === myId ? " (you)" : ""}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ overflowWrap: "anywhere" }}
        >
          {row.user.email}
        </Typography>
      </TableCell>
      <TableCell>{TEAM_ROLE_LABELS[row.role]}</TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          color={row.status === "paused" ? "warning" : "success"}
          label={TEAM_STATUS_LABELS[row.status]}
        />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
        {capText(row.monthlyCreditCap)}
      </TableCell>
      <TableCell align="right">{row.listings}</TableCell>
      <TableCell align="right">{row.inquiries}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
        {responseTimeText(row.medianResponseMinutes)}
      </TableCell>
      <TableCell align="right">{formatCredits(row.creditsUsed)}</TableCell>
      <TableCell align="right" sx={{ py: 0 }}>
        <MemberActions row={row} rows={rows} myRole={myRole} myId={myId} />
      </TableCell>
    </TableRow>
  );
}
