import { useSearchParams } from 'react-router';
import { formatCentavos } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { errorMessage } from '@/lib/api/errors';
import { useAdminDashboardQuery, type DashboardPoint } from './console-api';
import { PageHeading } from './PageHeading';

type Interval = 'day' | 'week' | 'month';
const INTERVALS: Array<[Interval, string]> = [
  ['day', 'Daily'],
  ['week', 'Weekly'],
  ['month', 'Monthly'],
];

const METRIC_LABELS: Record<string, string> = {
  users: 'Sign-ups',
  listings: 'New listings',
  newListings: 'New listings',
  messages: 'Messages',
  payments: 'Payments',
};

/** The totals' labels, in the order the cards show them. */
const TOTAL_LABELS: Record<string, string> = {
  users: 'Members',
  newUsers: 'New members',
  listings: 'Listings',
  activeListings: 'Active listings',
  newListings: 'New listings',
  messages: 'Messages',
  payments: 'Payments',
  paidCentavos: 'Paid',
};

function label(map: Record<string, string>, key: string): string {
  return map[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
}

function manilaToday(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

function daysBefore(day: string, n: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() - n * 86_400_000).toISOString().slice(0, 10);
}

function shortDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t)
    ? iso
    : new Intl.DateTimeFormat('en-PH', {
        month: 'short',
        day: 'numeric',
        timeZone: 'Asia/Manila',
      }).format(t);
}

function TrendChart({ metric, points }: { metric: string; points: DashboardPoint[] }) {
  const money = points.some((p) => typeof p.amountCentavos === 'number');
  const dates = points.map((p) => shortDate(p.date));
  const total = points.reduce((s, p) => s + p.count, 0);
  const amount = points.reduce((s, p) => s + (p.amountCentavos ?? 0), 0);
  // counts are whole numbers from 0; an all-zero range still gets a 0-1 axis (not "0.00…")
  const countAxis = { id: 'count', min: 0, tickMinStep: 1, width: 36, ...(points.every((p) => p.count === 0) && { max: 1 }) };
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={`chart-${metric}`}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {label(METRIC_LABELS, metric)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {total.toLocaleString('en-PH')} in the range
        {money ? ` · ${formatCentavos(amount)}` : ''}
      </Typography>
      {points.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4 }}>
          Nothing in this range.
        </Typography>
      ) : money ? (
        <BarChart
          height={240}
          xAxis={[{ scaleType: 'band', data: dates }]}
          yAxis={[
            countAxis,
            {
              id: 'amount',
              position: 'right',
              min: 0,
              width: 64,
              ...(amount === 0 && { max: 100 }),
              valueFormatter: (v: number) => formatCentavos(v).replace(/\.00$/, ''),
            },
          ]}
          series={[
            {
              data: points.map((p) => p.count),
              label: 'Payments',
              yAxisId: 'count',
            },
            {
              data: points.map((p) => p.amountCentavos ?? 0),
              label: 'Amount',
              yAxisId: 'amount',
              valueFormatter: (v) => (v == null ? '' : formatCentavos(v)),
            },
          ]}
          margin={{ left: 8, right: 8 }}
        />
      ) : (
        <LineChart
          height={220}
          xAxis={[{ scaleType: 'point', data: dates }]}
          yAxis={[countAxis]}
          series={[
            {
              data: points.map((p) => p.count),
              label: label(METRIC_LABELS, metric),
              area: true,
              showMark: points.length < 40,
            },
          ]}
          hideLegend
          margin={{ left: 8, right: 16 }}
        />
      )}
    </Paper>
  );
}

/** /admin: totals and trends (sign-ups, new listings, messages, payments) from POST /user/dashboard, for a range and interval kept in the address. */
export function OverviewPage() {
  const [params, setParams] = useSearchParams();
  const today = manilaToday();
  const to = params.get('to') ?? today;
  const from = params.get('from') ?? daysBefore(to, 29);
  const interval = (INTERVALS.some(([i]) => i === params.get('interval')) ? params.get('interval') : 'day') as Interval;
  const set = (next: Record<string, string>) => setParams({ from, to, interval, ...next });
  const { data, error, isLoading } = useAdminDashboardQuery({
    data: [],
    filter: { from, to, interval },
  });
  const order = Object.keys(TOTAL_LABELS);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const totals = (Object.entries(data?.totals ?? {}).filter(([, v]) => typeof v === 'number') as Array<[string, number]>).sort((a, b) => rank(a[0]) - rank(b[0]));

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <PageHeading title="Overview" subtitle="How Tahanan is doing: members, listings, messages and payments." />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label="Range">
        <TextField
          type="date"
          size="small"
          label="From"
          value={from}
          onChange={(e) => e.target.value && set({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to } }}
        />
        <TextField
          type="date"
          size="small"
          label="To"
          value={to}
          onChange={(e) => e.target.value && set({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from } }}
        />
        <TextField select size="small" label="Interval" value={interval} onChange={(e) => set({ interval: e.target.value })} sx={{ minWidth: 130 }}>
          {INTERVALS.map(([v, t]) => (
            <MenuItem key={v} value={v}>
              {t}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading && <Skeleton variant="rounded" height={320} />}
      {totals.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'repeat(2, 1fr)',
              sm: 'repeat(3, 1fr)',
              lg: 'repeat(6, 1fr)',
            },
          }}
        >
          {totals.map(([k, v]) => (
            <Paper key={k} variant="outlined" sx={{ p: 2 }} data-testid={`total-${k}`}>
              <Typography variant="body2" color="text.secondary">
                {label(TOTAL_LABELS, k)}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                {/centavos/i.test(k) ? formatCentavos(v) : v.toLocaleString('en-PH')}
              </Typography>
            </Paper>
          ))}
        </Box>
      )}
      {data && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
          }}
        >
          {data.series.map((s) => (
            <TrendChart key={s.metric} metric={s.metric} points={s.points} />
          ))}
        </Box>
      )}
    </Stack>
  );
}
