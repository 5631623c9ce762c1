import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import HistoryIcon from '@mui/icons-material/History';
import { EmptyState } from '@/components/ui/EmptyState';
import { useGetMyActivityQuery } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { ActivityList } from './ActivityList';
import { ClearActivityButton } from './ClearActivityButton';
import { activityArgs } from './activity-text';

export const ACTIVITY_EMPTY_TITLE = 'No recent activity yet';
export const ACTIVITY_EMPTY_TEXT =
  'Listings you view, save, share or ask about will show up here, and so will the saves and reviews your own listings get.';

/**
 * The dashboard's "Recent activity": the newest entries (GET /activity/user), "See all" to /activity,
 * "Clear history". Activity is recorded by the worker after the fact, so the list is asked for again
 * each time the dashboard opens.
 */
export function RecentActivity() {
  const { data, error, isLoading } = useGetMyActivityQuery(activityArgs.recent(), { refetchOnMountOrArgChange: true });
  const activities = data?.activities ?? [];
  const total = data?.pagination.totalItems ?? 0;

  return (
    <Card variant="outlined" component="section" aria-labelledby="recent-activity-title" sx={{ height: '100%' }}>
      <CardHeader
        avatar={<HistoryIcon color="primary" />}
        title={<span id="recent-activity-title">Recent activity</span>}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : isLoading ? (
          <Stack spacing={1} aria-busy="true" aria-label="Loading your activity">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} />
            ))}
          </Stack>
        ) : activities.length === 0 ? (
          <EmptyState icon={<HistoryIcon fontSize="inherit" />} title={ACTIVITY_EMPTY_TITLE} description={ACTIVITY_EMPTY_TEXT} />
        ) : (
          <ActivityList activities={activities} label="Recent activity" />
        )}
      </CardContent>
      {activities.length > 0 && (
        <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', px: 2, pb: 2, pt: 0 }}>
          <Button component={RouterLink} to="/activity">
            See all{total > activities.length ? ` (${total})` : ''}
          </Button>
          <ClearActivityButton />
        </CardActions>
      )}
    </Card>
  );
}
