import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { MARKET_COMPARE_MAX, REPORT_GROUPS, type MarketFigure } from '@app/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
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
import { UpgradePrompt, upgradeOf } from '@/features/billing/UpgradePrompt';
import { errorMessage, errorStatus } from '@/lib/api/errors';
import { useGetPlaceQuery } from '@/lib/api/generated';
import { formatValue, levelLabel, sampleText } from './format';
import { useMarketCompareQuery } from './market-api';
import { PlaceSearch } from './PlacePicker';
import { ReportChartView } from './ReportCharts';
import { KindSelect, OfferToggle } from './ReportControls';
import type { MarketComparison, ReportAreaRef } from './types';
import { compareHref, parseCompare, pickerHref, reportHref, type CompareState } from './url-state';

function AreaChip({ code, name, onDelete }: { code: string; name?: string; onDelete: () => void }) {
  const { data } = useGetPlaceQuery({ code }, { skip: !!name });
  const label = name ?? data?.name ?? code;
  return <Chip label={label} onDelete={onDelete} data-testid="compare-area" />;
}

/** Each figure label once (in the order the answer gives them), with each area's figure. */
export function compareRows(comparison: Pick<MarketComparison, 'areas' | 'figures'>): { label: string; cells: (MarketFigure | null)[] }[] {
  const labels: string[] = [];
  for (const f of comparison.figures) if (!labels.includes(f.label)) labels.push(f.label);
  return labels.map((label) => ({
    label,
    cells: comparison.areas.map((a) => comparison.figures.find((f) => f.label === label && f.areaCode === a.code) ?? null),
  }));
}

/** The figures of the areas side by side: one column per area, each cell with its source line. Scrolls sideways on a phone. */
export function CompareTable({ comparison }: { comparison: Pick<MarketComparison, 'areas' | 'figures'> }) {
  const rows = compareRows(comparison);
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} aria-label="The areas' figures side by side (scrolls sideways)">
        <Table size="small" data-testid="compare-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>Figure</TableCell>
              {comparison.areas.map((a: ReportAreaRef) => (
                <TableCell key={a.code} sx={{ fontWeight: 700, minWidth: 150 }} align="right">
                  {a.name}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {levelLabel(a.level)}
                  </Typography>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.label}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                {row.cells.map((f, i) => (
                  <TableCell key={i} align="right">
                    {f ? (
                      <>
                        <Typography variant="body2" sx={{ fontWeight: 700 }}>
                          {formatValue(f.value, f.unit)}
                        </Typography>
                        <Typography variant="caption" color="text.secondary" component="div">
                          {f.source}, {f.period}; {levelLabel(f.granularity).toLowerCase()}
                          {f.areaName && f.areaName !== comparison.areas[i]?.name ? ` (${f.areaName})` : ''}; {sampleText(f)}
                        </Typography>
                        {f.note && (
                          <Typography variant="caption" color="warning.dark" component="div">
                            {f.note}
                          </Typography>
                        )}
                      </>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** /market/compare?areas=a,b,c&group=…: up to MARKET_COMPARE_MAX areas side by side (Basic and above; the API answers 402 otherwise). */
export function ComparePage() {
  const [params, setParams] = useSearchParams();
  const state = parseCompare(params);
  const enough = state.areas.length >= 2;
  const { data, error, isFetching } = useMarketCompareQuery(state, { skip: !enough });

  useEffect(() => {
    document.title = 'Compare areas · Market reports · Tahanan';
  }, []);

  const go = (change: Partial<CompareState>) => {
    const url = new URL(compareHref({ ...state, ...change }), window.location.origin);
    setParams(url.searchParams, { replace: true });
  };
  const full = state.areas.length >= MARKET_COMPARE_MAX;
  const names = new Map((data?.areas ?? []).map((a) => [a.code, a.name]));

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack spacing={2.5}>
        <Box>
          <Button component={RouterLink} to={pickerHref(state.areas[0] ?? null, state)} size="small" sx={{ mb: 1 }}>
            ← Market reports
          </Button>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
            Compare areas
          </Typography>
          <Typography color="text.secondary">
            Up to {MARKET_COMPARE_MAX} places side by side: the listing figures of each, with their source and sample, and the price per m² month by month.
          </Typography>
        </Box>

        <Paper variant="outlined" component="section" aria-labelledby="compare-areas-heading" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
          <Stack spacing={2}>
            <Typography id="compare-areas-heading" variant="h6" component="h2">
              Areas ({state.areas.length} of {MARKET_COMPARE_MAX})
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {state.areas.map((code) => (
                <AreaChip key={code} code={code} name={names.get(code)} onDelete={() => go({ areas: state.areas.filter((a) => a !== code) })} />
              ))}
            </Stack>
            {full ? (
              <Typography variant="body2" color="text.secondary">
                That is the most areas a comparison holds: remove one to add another.
              </Typography>
            ) : (
              <PlaceSearch offer={state.offer} onPick={(p) => !state.areas.includes(p.code) && go({ areas: [...state.areas, p.code] })} />
            )}
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <OfferToggle offer={state.offer} onChange={(offer) => go({ offer })} />
              <KindSelect kind={state.kind} onChange={(kind) => go({ kind })} />
            </Stack>
          </Stack>
        </Paper>

        {!enough ? (
          <Alert severity="info">Add {state.areas.length === 0 ? 'two places' : 'another place'} to compare.</Alert>
        ) : error && errorStatus(error) === 402 ? (
          <UpgradePrompt
            upgrade={upgradeOf(error) ?? { reason: 'plan', feature: 'Comparing areas', requiredPlan: 'basic' }}
          />
        ) : error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : !data ? (
          <Skeleton variant="rounded" height={280} aria-label="Loading the comparison" />
        ) : (
          <Stack spacing={2.5} sx={{ opacity: isFetching ? 0.6 : 1 }} aria-busy={isFetching}>
            {data.demoData && (
              <Alert severity="warning">
                <AlertTitle>Demo data</AlertTitle>
                The listing figures here come from the demo seed, not from real listings.
              </Alert>
            )}
            <Box component="section" aria-labelledby="compare-figures-heading">
              <Typography id="compare-figures-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
                Side by side
              </Typography>
              {data.figures.length > 0 ? <CompareTable comparison={data} /> : <Alert severity="info">No figures for these areas yet.</Alert>}
            </Box>
            {data.charts.map((chart) => (
              <ReportChartView key={chart.id} chart={chart} />
            ))}
            {data.notes.length > 0 && (
              <Box component="ul" sx={{ pl: 3, my: 0 }}>
                {data.notes.map((n, i) => (
                  <Typography component="li" key={i} variant="body2">
                    {n}
                  </Typography>
                ))}
              </Box>
            )}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {data.areas.map((a) => (
                <Button key={a.code} component={RouterLink} to={reportHref(a.code, state.group, state)} size="small">
                  {REPORT_GROUPS[state.group].title}: {a.name}
                </Button>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
