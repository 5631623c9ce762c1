import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { CREDIT_PACKS, CREDIT_PACK_IDS, PLANS, formatCentavos } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CreditsAccount } from '@/lib/api/billing';
import { errorMessage } from '@/lib/api/errors';
import { useGetCreditsQuery } from '@/lib/api/generated';
import { CREDIT_ENTRY_LABELS, formatCredits, formatDayTime } from '@/lib/billing-text';
import { creditsUpdated } from '@/lib/state/auth-slice';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { checkoutPath } from './checkout-target';
import { UpgradePrompt } from './UpgradePrompt';

const PAGE_SIZE = 10;

function Balance({ account }: { account: CreditsAccount }) {
  const figures: Array<[string, string, string]> = [
    ['Available', formatCredits(account.remaining), 'credits-remaining'],
    ['Held for work in progress', formatCredits(account.reserved), 'credits-reserved'],
    ['Added each month by your plan', formatCredits(account.monthlyAllowance), 'credits-allowance'],
  ];
  return (
    <Paper variant="outlined" component="section" aria-label="Your balance" sx={{ p: { xs: 2, sm: 3 } }}>
      <Grid container spacing={2}>
        {figures.map(([label, value, testId]) => (
          <Grid key={label} size={{ xs: 12, sm: 4 }}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
              {value}
            </Typography>
          </Grid>
        ))}
      </Grid>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        You are on the {PLANS[account.plan].name} plan.{' '}
        {account.monthlyAllowance > 0
          ? 'Monthly credits arrive at the start of each month of your paid period.'
          : 'Paid plans add AI credits every month.'}{' '}
        <Button component={RouterLink} to="/plans" size="small">
          See plans
        </Button>
      </Typography>
    </Paper>
  );
}

function Packs() {
  return (
    <Stack spacing={1} component="section" aria-labelledby="packs-title" id="packs" sx={{ scrollMarginTop: 80 }}>
      <Typography id="packs-title" variant="h6" component="h2">
        Buy AI credits
      </Typography>
      <Typography color="text.secondary">Credits you buy never expire.</Typography>
      <Grid container spacing={2}>
        {CREDIT_PACK_IDS.map((id) => {
          const pack = CREDIT_PACKS[id];
          return (
            <Grid key={id} size={{ xs: 12, sm: 4 }}>
              <Card variant="outlined" component="article" aria-label={pack.name} data-testid={`pack-${id}`} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <CardContent sx={{ flexGrow: 1 }}>
                  <Typography variant="h6" component="h3">
                    {pack.name}
                  </Typography>
                  <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                    {formatCentavos(pack.priceCentavos)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatCentavos(Math.round(pack.priceCentavos / pack.credits))} a credit
                  </Typography>
                </CardContent>
                <CardActions sx={{ p: 2, pt: 0 }}>
                  <Button component={RouterLink} to={checkoutPath({ kind: 'pack', pack: id })} variant="contained" fullWidth aria-label={`Buy ${pack.name}`}>
                    Buy
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </Stack>
  );
}

function Ledger({ account, page, onPage }: { account: CreditsAccount; page: number; onPage: (p: number) => void }) {
  return (
    <Stack spacing={1} component="section" aria-labelledby="ledger-title">
      <Typography id="ledger-title" variant="h6" component="h2">
        History
      </Typography>
      {account.entries.length === 0 ? (
        <Typography color="text.secondary">No credits have moved yet.</Typography>
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Credit history">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>What</TableCell>
                  <TableCell align="right">Credits</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    Balance
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {account.entries.map((e) => (
                  <TableRow key={e._id}>
                    <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{formatDayTime(e.createdAt)}</TableCell>
                    <TableCell>
                      {CREDIT_ENTRY_LABELS[e.kind]}
                      {e.reason && (
                        <Typography variant="body2" color="text.secondary">
                          {e.reason}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', color: e.amount > 0 ? 'success.main' : e.amount < 0 ? 'error.main' : undefined }}>
                      {e.amount > 0 ? `+${formatCredits(e.amount)}` : formatCredits(e.amount)}
                    </TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {formatCredits(e.balanceAfter)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {account.pagination.totalPages > 1 && (
            <Pagination
              count={account.pagination.totalPages}
              page={Math.min(page, account.pagination.totalPages)}
              onChange={(_e, p) => onPage(p)}
              aria-label="Credit history pages"
            />
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * /credits: the member's AI credits (available, held by work in progress, the plan's monthly
 * allowance), the credit packs to buy, and the ledger a page at a time (`page` in the address). The
 * balance read here is also put in the session, so the header's count follows it.
 */
export function CreditsPage() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const { data: account, error, isLoading } = useGetCreditsQuery({ id: user!._id, page, limit: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const sessionCredits = user?.credits?.remaining;
  const { hash } = useLocation();

  // "Buy credits" elsewhere links to /credits#packs
  useEffect(() => {
    if (hash === '#packs') document.getElementById('packs')?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  useEffect(() => {
    if (account && account.remaining !== sessionCredits) dispatch(creditsUpdated(account.remaining));
  }, [account, sessionCredits, dispatch]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            AI credits
          </Typography>
          <Typography color="text.secondary">ARIA and the AI reports take credits for each piece of work.</Typography>
        </Box>
        {error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : isLoading || !account ? (
          <Skeleton variant="rounded" height={140} />
        ) : (
          <>
            {account.remaining === 0 && <UpgradePrompt upgrade={{ reason: 'credits', remaining: 0 }} />}
            <Balance account={account} />
          </>
        )}
        <Packs />
        {account && <Ledger account={account} page={page} onPage={(p) => setParams(p === 1 ? {} : { page: String(p) })} />}
      </Stack>
    </Container>
  );
}
