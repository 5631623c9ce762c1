import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import { RecentActivity } from '@/features/activity/RecentActivity';
import { PinnedItems } from '@/features/pins/PinnedItems';
import { useGetListingDashboardQuery, useRequestEmailVerificationMutation, type DashboardResultDto } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { isAdmin, type User } from '@/lib/api/types';
import { isFirstSession } from '@/lib/first-session';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';

/** How many pinned items the dashboard shows (the rest are in Saved, Pinned). */
const PINNED_ON_DASHBOARD = 6;

const PLAN_LABELS: Record<string, string> = { free: 'Free', basic: 'Basic', premium: 'Premium' };

/** Member types that list property: their dashboard shows the totals of their listings. */
const LISTING_TYPES = new Set(['broker', 'real_estate_salesperson', 'property_owner']);

const TOTALS: { key: keyof DashboardResultDto; label: string; icon: ReactNode; to: string }[] = [
  { key: 'totalListings', label: 'Listings', icon: <HomeWorkOutlinedIcon />, to: '/my/listings' },
  { key: 'totalViews', label: 'Views', icon: <VisibilityOutlinedIcon />, to: '/my/listings' },
  { key: 'totalSaved', label: 'Saves', icon: <FavoriteBorderIcon />, to: '/my/listings' },
  { key: 'totalInquiries', label: 'Inquiries', icon: <ChatOutlinedIcon />, to: '/messages' },
];

/**
 * The totals of the member's listings (POST /listing/dashboard): shown to brokers, salespeople and
 * owners, and to anyone else who has listings.
 */
function ListingTotals({ user }: { user: User }) {
  const { data, isLoading, isError } = useGetListingDashboardQuery({
    dashboardDto: { data: ['totalListings', 'totalViews', 'totalSaved', 'totalInquiries'], filter: {} },
  });
  const lists = LISTING_TYPES.has(user.type ?? '') || (data?.totalListings ?? 0) > 0;
  if (!lists || isError) return null;
  return (
    <Box component="section" aria-labelledby="totals-title">
      <Typography id="totals-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        Your listings at a glance
      </Typography>
      <Grid container spacing={2}>
        {TOTALS.map((t) => (
          <Grid key={t.key} size={{ xs: 6, md: 3 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={t.to} sx={{ height: '100%' }}>
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'primary.main' }}>
                    {t.icon}
                    <Typography variant="body2" color="text.secondary">
                      {t.label}
                    </Typography>
                  </Stack>
                  {isLoading || !data ? (
                    <Skeleton variant="text" width={48} height={40} />
                  ) : (
                    <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid={`total-${t.key}`}>
                      {(data[t.key] ?? 0).toLocaleString('en-PH')}
                    </Typography>
                  )}
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

function VerifyEmailNotice({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const [requestVerification, { isLoading }] = useRequestEmailVerificationMutation();
  const [sent, setSent] = useState(false);
  const resend = async () => {
    try {
      const res = await requestVerification({ emailRequestDto: { email } }).unwrap();
      setSent(true);
      dispatch(toast.success('Verification email sent', res.message));
    } catch (error) {
      dispatch(toast.error('Could not send the email', errorMessage(error)));
    }
  };
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={resend} disabled={isLoading || sent}>
          {sent ? 'Sent' : 'Resend link'}
        </Button>
      }
    >
      Please verify your email address ({email}) to unlock every feature.
    </Alert>
  );
}

export function DashboardPage() {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  const plan = user.subscription?.plan;
  // "Welcome" in the session that created the account, "Welcome back" on every later one (lib/first-session)
  const greeting = isFirstSession(user._id) ? 'Welcome' : 'Welcome back';
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Stack spacing={3}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <div>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
              {greeting}, {user.firstName}!
            </Typography>
            <Typography color="text.secondary">Here is what is happening with your account.</Typography>
          </div>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button component={RouterLink} to="/listings" variant="contained" startIcon={<SearchIcon />}>
              Find property
            </Button>
            {plan && <Chip label={`${PLAN_LABELS[plan] ?? plan} plan`} variant="outlined" />}
            <Chip label={`${user.credits?.remaining ?? 0} AI credits`} variant="outlined" data-testid="credits" />
            {isAdmin(user) && <Chip label="Admin" color="secondary" />}
          </Stack>
        </Stack>

        {!user.isVerified && user.provider === 'local' && user.email && <VerifyEmailNotice email={user.email} />}

        <ListingTotals user={user} />

        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <RecentActivity />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Card variant="outlined" component="section" aria-labelledby="pinned-items-title" sx={{ height: '100%' }}>
              <CardHeader
                avatar={<PushPinOutlinedIcon color="primary" />}
                title={<span id="pinned-items-title">Pinned items</span>}
                slotProps={{ title: { variant: 'h6', component: 'h2' }, action: { sx: { alignSelf: 'center', m: 0 } } }}
                action={
                  <Button component={RouterLink} to="/saved?tab=pinned" size="small">
                    Manage
                  </Button>
                }
              />
              <CardContent sx={{ pt: 0 }}>
                <PinnedItems limit={PINNED_ON_DASHBOARD} />
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      </Stack>
    </Container>
  );
}
