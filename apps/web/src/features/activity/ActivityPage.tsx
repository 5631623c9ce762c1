import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { EmptyState } from '@/components/ui/EmptyState';
import { useSearchActivityQuery } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { ActivityList } from './ActivityList';
import { ClearActivityButton } from './ClearActivityButton';
import { ACTIVITY_EMPTY_TEXT, ACTIVITY_EMPTY_TITLE } from './RecentActivity';
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  activityArgs,
  activityFilterParams,
  isActivityKind,
  parseActivityFilter,
  type ActivityFilter,
} from './activity-text';

const ALL = 'all';

/** /activity: the member's whole history, 20 a page, filtered by kind (POST /activity/search); the filter and page live in the address. */
export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const filter = parseActivityFilter(params);
  const { data, error, isLoading, isFetching } = useSearchActivityQuery(activityArgs.search(filter), { refetchOnMountOrArgChange: true });
  const activities = data?.activities ?? [];
  const totalPages = data?.pagination.totalPages ?? 0;
  const totalItems = data?.pagination.totalItems ?? 0;

  const go = (next: ActivityFilter) => setParams(activityFilterParams(next));
  const outOfRange = !!data && filter.page > 1 && filter.page > totalPages;
  // the last entry of the last page removed (or a stale address): show the last page there is
  useEffect(() => {
    if (outOfRange) setParams(activityFilterParams({ kind: filter.kind, page: Math.max(1, totalPages) }), { replace: true });
  }, [outOfRange, filter.kind, totalPages, setParams]);

  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Stack spacing={2}>
        <Breadcrumbs aria-label="Breadcrumb">
          <Link component={RouterLink} to="/dashboard" underline="hover" color="inherit">
            Dashboard
          </Link>
          <Typography color="text.primary">Activity</Typography>
        </Breadcrumbs>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Your activity
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <TextField
              select
              size="small"
              label="Show"
              value={filter.kind ?? ALL}
              onChange={(e) => go({ kind: isActivityKind(e.target.value) ? e.target.value : null, page: 1 })}
              sx={{ minWidth: 220, flex: { xs: 1, sm: 'none' } }}
            >
              <MenuItem value={ALL}>All activity</MenuItem>
              {ACTIVITY_KINDS.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {ACTIVITY_KIND_LABELS[kind]}
                </MenuItem>
              ))}
            </TextField>
            <ClearActivityButton disabled={!data || (totalItems === 0 && !filter.kind)} />
          </Stack>
        </Stack>

        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }} aria-busy={isFetching}>
          {error ? (
            <Alert severity="error">{errorMessage(error)}</Alert>
          ) : isLoading || outOfRange ? (
            <Stack spacing={1} aria-label="Loading your activity">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} variant="rounded" height={56} />
              ))}
            </Stack>
          ) : activities.length === 0 ? (
            filter.kind ? (
              <EmptyState
                icon={<HistoryIcon fontSize="inherit" />}
                title={`Nothing to show for “${ACTIVITY_KIND_LABELS[filter.kind]}”`}
                description="Choose another kind, or show all your activity."
                action={<Button onClick={() => go({ kind: null, page: 1 })}>Show all activity</Button>}
              />
            ) : (
              <EmptyState icon={<HistoryIcon fontSize="inherit" />} title={ACTIVITY_EMPTY_TITLE} description={ACTIVITY_EMPTY_TEXT} />
            )
          ) : (
            <ActivityList activities={activities} label="Your activity" />
          )}
        </Paper>

        {totalPages > 1 && (
          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            <Pagination
              count={totalPages}
              page={Math.min(filter.page, totalPages)}
              onChange={(_e, page) => go({ kind: filter.kind, page })}
              siblingCount={0}
              color="primary"
              getItemAriaLabel={(type, page, selected) =>
                type === 'page' ? `${selected ? '' : 'Go to '}page ${page}` : `Go to ${type} page`
              }
            />
            <Typography variant="body2" color="text.secondary">
              {totalItems} entries
            </Typography>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
