import { useState, type FormEvent } from 'react';
import { CURRENCY_RATE_LIMITS, FOREIGN_CURRENCIES, todayIn } from '@app/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NumberField } from '@/components/ui/NumberField';
import { errorMessage } from '@/lib/api/errors';
import {
  useGetCurrencyRateHistoryQuery,
  useGetCurrencyRatesQuery,
  useUpdateCurrencyRateMutation,
  type CurrencyRateDto,
} from '@/lib/api/generated';
import { currencyName, formatPhpRate, formatRateDate } from '@/lib/money';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';

type ForeignCurrency = CurrencyRateDto['currency'];

const LIMITS = CURRENCY_RATE_LIMITS;

/** Today in Manila as YYYY-MM-DD: the latest date a rate may be of (the API's own rule). */
const ratesToday = () => todayIn(LIMITS.timeZone);

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' });
}

/** The form of a new rate for one currency: pesos per unit, the date it is of, where it came from. */
function RateDialog({ currency, current, onClose }: { currency: ForeignCurrency; current?: CurrencyRateDto; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [phpPerUnit, setPhpPerUnit] = useState(current ? String(current.phpPerUnit) : '');
  const [asOf, setAsOf] = useState(ratesToday);
  const [source, setSource] = useState('');
  const [update, { isLoading, error }] = useUpdateCurrencyRateMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await update({
      currency,
      updateCurrencyRateDto: { phpPerUnit: Number(phpPerUnit), asOf, ...(source.trim() && { source: source.trim() }) },
    });
    if ('data' in result && result.data) {
      const written = result.data;
      dispatch(
        written.current
          ? toast.success(`${currency} rate saved`, `${currency} 1 = ${formatPhpRate(written.phpPerUnit)} from ${formatRateDate(written.asOf)}: prices convert with it now.`)
          : toast.info(`${currency} rate saved in the history`, `A rate of a later date stays current; this one is kept for ${formatRateDate(written.asOf)}.`),
      );
      onClose();
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="rate-dialog-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="rate-dialog-title">New {currency} rate</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{errorMessage(error)}</Alert>}
            <NumberField
              label={`Pesos for 1 ${currency}`}
              value={phpPerUnit}
              onValueChange={setPhpPerUnit}
              decimalScale={LIMITS.phpPerUnitDecimals}
              required
              autoFocus
              helperText={`${currencyName(currency)}: how many pesos one unit costs (up to ${LIMITS.phpPerUnitDecimals} decimals)`}
              slotProps={{ input: { startAdornment: <Typography sx={{ mr: 0.5 }}>₱</Typography> } }}
            />
            <TextField
              label="Rate of"
              type="date"
              value={asOf}
              onChange={(e) => setAsOf(e.target.value)}
              required
              helperText="The day the rate is of (not after today). An earlier day goes into the history only."
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: ratesToday(), min: LIMITS.earliestAsOf } }}
            />
            <TextField
              label="Source"
              value={source}
              onChange={(e) => setSource(e.target.value)}
              placeholder="e.g. BSP reference rate"
              helperText={`Where the rate comes from (optional, up to ${LIMITS.sourceMaxLength} characters)`}
              slotProps={{ htmlInput: { maxLength: LIMITS.sourceMaxLength } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading || phpPerUnit === ''}>
            Save rate
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function RateHistory({ currency }: { currency: ForeignCurrency }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useGetCurrencyRateHistoryQuery({ currency, page, limit: 10 });
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (isLoading || !data) return <Skeleton variant="rounded" height={120} />;
  return (
    <Stack spacing={1}>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={`${currency} rate history`}>
          <TableHead>
            <TableRow>
              <TableCell>Rate of</TableCell>
              <TableCell align="right">₱ for 1 {currency}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Source</TableCell>
              <TableCell>Entered by</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Saved</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rates.map((r) => (
              <TableRow key={r.asOf}>
                <TableCell>{formatRateDate(r.asOf)}</TableCell>
                <TableCell align="right">{formatPhpRate(r.phpPerUnit)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{r.source}</TableCell>
                <TableCell>{r.updatedBy ? `${r.updatedBy.firstName} ${r.updatedBy.lastName}` : 'Shipped with Tahanan'}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{formatWhen(r.updatedAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {data.pagination.totalPages > 1 && (
        <Pagination count={data.pagination.totalPages} page={page} onChange={(_e, p) => setPage(p)} aria-label="History pages" />
      )}
    </Stack>
  );
}

/**
 * /admin/currency-rates: the rate table prices convert with (no live rates are reachable). Staff
 * enter a currency's rate for a day; the newest day is the current rate; earlier days stay as history.
 */
export function CurrencyRatesPage() {
  const { data, error, isLoading } = useGetCurrencyRatesQuery();
  const [editing, setEditing] = useState<ForeignCurrency | null>(null);
  const [historyOf, setHistoryOf] = useState<ForeignCurrency>('USD');
  const byCode = new Map((data?.rates ?? []).map((r) => [r.currency, r]));

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <div>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Currency rates
          </Typography>
          <Typography color="text.secondary">
            Visitors can show prices in these currencies; prices stay in pesos beside them. Enter each day's rate here: the rate of
            the latest day converts every price, and its date shows with the prices.
          </Typography>
        </div>
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {isLoading ? (
          <Skeleton variant="rounded" height={300} />
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table aria-label="Current rates">
              <TableHead>
                <TableRow>
                  <TableCell>Currency</TableCell>
                  <TableCell align="right">₱ per unit</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Rate of</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Source</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {FOREIGN_CURRENCIES.map((code) => {
                  const rate = byCode.get(code);
                  return (
                    <TableRow key={code} data-testid={`rate-${code}`} selected={historyOf === code}>
                      <TableCell>
                        <Typography sx={{ fontWeight: 600 }}>{code}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {currencyName(code)}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">
                        <span data-testid={`rate-${code}-value`}>{rate ? formatPhpRate(rate.phpPerUnit) : '—'}</span>
                        {/* on a phone the date goes under the rate */}
                        <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                          {rate ? formatRateDate(rate.asOf) : 'No rate yet'}
                        </Typography>
                      </TableCell>
                      <TableCell data-testid={`rate-${code}-date`} sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {rate ? formatRateDate(rate.asOf) : 'No rate yet'}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{rate?.source ?? '—'}</TableCell>
                      <TableCell align="right">
                        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'flex-end' }}>
                          <Button size="small" onClick={() => setHistoryOf(code)} aria-label={`History of ${code}`} sx={{ whiteSpace: 'nowrap' }}>
                            History
                          </Button>
                          <Button size="small" variant="outlined" onClick={() => setEditing(code)} aria-label={`New ${code} rate`} sx={{ whiteSpace: 'nowrap' }}>
                            New rate
                          </Button>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Stack spacing={1} component="section" aria-labelledby="history-title">
          <Typography id="history-title" variant="h6" component="h2">
            {historyOf} history
          </Typography>
          <RateHistory currency={historyOf} />
        </Stack>
      </Stack>
      {editing && <RateDialog currency={editing} current={byCode.get(editing)} onClose={() => setEditing(null)} />}
    </Container>
  );
}
