import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ChatIcon from '@mui/icons-material/Chat';
import InsightsIcon from '@mui/icons-material/Insights';
import MapIcon from '@mui/icons-material/Map';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { formatPeso } from '@/lib/money';
import { selectIsLoggedIn, useAppSelector } from '@/lib/state/hooks';
import { HomeSearch } from './HomeSearch';
import { NewestListings } from './NewestListings';
import { PLAN_TEASERS, type PlanTeaser } from './plans';

const HIGHLIGHTS: { icon: React.ReactNode; title: string; text: string; to?: string }[] = [
  { icon: <MapIcon />, title: 'Map search', text: 'Find houses, condos and lots for sale or rent on a map of nearby areas.' },
  { icon: <ChatIcon />, title: 'Talk to owners', text: 'Message owners, brokers and salespeople in real time.' },
  { icon: <InsightsIcon />, title: 'Market reports', text: 'Prices, trends and demographics for each barangay.', to: '/market' },
  { icon: <SmartToyIcon />, title: 'Ask ARIA', text: 'Our AI assistant helps you research and compare properties.' },
];

/** A plan card's button: Free signs up (or is the member's plan); the others lead to the plans page. */
function PlanButton({ plan, loggedIn }: { plan: PlanTeaser; loggedIn: boolean }) {
  if (plan.id === 'free') {
    return loggedIn ? (
      <Button component={RouterLink} to="/plans" variant="outlined" fullWidth>
        Compare plans
      </Button>
    ) : (
      <Button component={RouterLink} to="/signup" variant="outlined" fullWidth>
        Start free
      </Button>
    );
  }
  return (
    <Button component={RouterLink} to="/plans" variant="contained" fullWidth>
      {plan.price === null ? 'Contact sales' : `Choose ${plan.name}`}
    </Button>
  );
}

export function HomePage() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return (
    <>
      <Box
        component="section"
        sx={{
          py: { xs: 5, md: 9 },
          background: 'linear-gradient(135deg, #0b6e4f 0%, #14916a 60%, #f4b400 140%)',
          color: '#fff',
        }}
      >
        <Container maxWidth="lg">
          <Stack spacing={3} sx={{ textAlign: 'center', alignItems: 'center' }}>
            <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', sm: '3rem' } }}>
              Find a home or lot in the Philippines
            </Typography>
            <Typography variant="h6" component="p" sx={{ opacity: 0.9, maxWidth: 640, fontSize: { xs: '1rem', sm: '1.25rem' } }}>
              Houses, condominiums, commercial spaces and land for sale or rent, from owners, brokers and
              salespeople across the country.
            </Typography>
            <HomeSearch />
            {loggedIn ? (
              <Button component={RouterLink} to="/dashboard" variant="contained" color="secondary" size="large">
                Go to dashboard
              </Button>
            ) : (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Button component={RouterLink} to="/signup" variant="contained" color="secondary" size="large">
                  Create a free account
                </Button>
                <Button
                  component={RouterLink}
                  to="/login"
                  variant="outlined"
                  size="large"
                  sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.7)' }}
                >
                  Log in
                </Button>
              </Stack>
            )}
          </Stack>
        </Container>
      </Box>

      <Container component="section" maxWidth="lg" sx={{ pt: 6, pb: 2 }} aria-labelledby="newest-heading">
        <NewestListings />
      </Container>

      <Container component="section" maxWidth="lg" sx={{ py: 8 }} aria-labelledby="highlights-heading">
        <Typography id="highlights-heading" variant="h4" component="h2" sx={{ mb: 4, textAlign: 'center', fontWeight: 700 }}>
          Everything you need to decide
        </Typography>
        <Grid container spacing={3}>
          {HIGHLIGHTS.map((h) => (
            <Grid key={h.title} size={{ xs: 12, sm: 6, md: 3 }}>
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Box sx={{ color: 'primary.main', display: 'flex' }}>{h.icon}</Box>
                <Typography variant="h6" component="h3">
                  {h.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {h.text}
                </Typography>
                {h.to && (
                  <Button component={RouterLink} to={h.to} size="small">
                    Open {h.title.toLowerCase()}
                  </Button>
                )}
              </Stack>
            </Grid>
          ))}
        </Grid>
      </Container>

      <Box component="section" sx={{ py: 8, bgcolor: 'background.paper' }} aria-labelledby="plans-heading">
        <Container maxWidth="lg">
          <Typography id="plans-heading" variant="h4" component="h2" sx={{ mb: 4, textAlign: 'center', fontWeight: 700 }}>
            Plans
          </Typography>
          <Grid container spacing={3}>
            {PLAN_TEASERS.map((plan) => (
              <Grid key={plan.id} size={{ xs: 12, sm: 6, md: 3 }}>
                <Card
                  variant="outlined"
                  sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
                  data-testid={`plan-${plan.id}`}
                >
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Typography variant="h6" component="h3">
                      {plan.name}
                    </Typography>
                    <Stack direction="row" spacing={0.75} sx={{ my: 1, alignItems: 'baseline' }}>
                      <Typography
                        variant="h4"
                        component="p"
                        sx={{ fontWeight: 700, fontSize: plan.price === null ? '1.75rem' : undefined }}
                      >
                        {plan.price === null ? 'Contact sales' : formatPeso(plan.price)}
                      </Typography>
                      {plan.period && (
                        <Typography color="text.secondary" data-testid={`plan-${plan.id}-period`}>
                          {plan.period}
                        </Typography>
                      )}
                    </Stack>
                    <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                      {plan.features.map((f) => (
                        <Box component="li" key={f} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                          <CheckIcon fontSize="small" color="primary" />
                          <Typography variant="body2">{f}</Typography>
                        </Box>
                      ))}
                    </Stack>
                  </CardContent>
                  <CardActions sx={{ p: 2, pt: 0 }}>
                    <PlanButton plan={plan} loggedIn={loggedIn} />
                  </CardActions>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Container>
      </Box>
    </>
  );
}
