import { useEffect } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { REPORT_GROUPS, isReportGroupId, planForReport, reportEntitlement, type ReportGroupId } from '@app/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { UpgradePrompt, upgradeOf } from '@/features/billing/UpgradePrompt';
import { errorMessage, errorStatus } from '@/lib/api/errors';
import { selectIsLoggedIn, useAppSelector } from '@/lib/state/hooks';
import { ExportButtons } from './ExportButtons';
import { FigureCards } from './FigureCards';
import { levelLabel } from './format';
import { useMarketReportQuery } from './market-api';
import { PinReportButton } from './PinReportButton';
import { ReportCharts } from './ReportCharts';
import { KindSelect, OfferToggle, OptionsRow } from './ReportControls';
import { ReportMap } from './ReportMap';
import { ReportTables } from './ReportTables';
import type { MarketReport, ReportAreaRef } from './types';
import { compareHref, parseReportOptions, pickerHref, reportHref, type ReportOptions } from './url-state';

/** "Not enough listings in this barangay (3): showing Makati City" */
export function fallbackText(report: MarketReport): string | null {
  if (!report.fallback) return null;
  const where = report.area.level === 'barangay' ? 'this barangay' : `this ${levelLabel(report.area.level).toLowerCase()}`;
  const n = report.fallback.sampleSize;
  return `Not enough listings in ${where} (${n} listing${n === 1 ? '' : 's'}): showing ${report.fallback.area.name}`;
}

/** The area's breadcrumb, widest first: Market reports › region › province › city › barangay. */
function AreaBreadcrumb({ report, options }: { report: MarketReport; options: ReportOptions }) {
  const trail: ReportAreaRef[] = [...report.parents].reverse();
  return (
    <Breadcrumbs aria-label="Area" sx={{ '& ol': { flexWrap: 'wrap' } }}>
      <Link component={RouterLink} to={pickerHref(report.area.code, options)} underline="hover" color="inherit">
        Market reports
      </Link>
      {trail
        .filter((a) => a.level !== 'national')
        .map((a) => (
          <Link key={a.code} component={RouterLink} to={reportHref(a.code, report.group, options)} underline="hover" color="inherit" title={levelLabel(a.level)}>
            {a.name}
          </Link>
        ))}
      <Typography color="text.primary" aria-current="page">
        {report.area.name}
      </Typography>
    </Breadcrumbs>
  );
}

export interface ReportContentProps {
  report: MarketReport;
  options: ReportOptions;
  onOptions: (change: Partial<ReportOptions>) => void;
}

/** A report as it reads: breadcrumb, title, notes, headline figures with their sources, charts or tables, the map, sources and actions. */
export function ReportContent({ report, options, onOptions }: ReportContentProps) {
  // exports are members' (at most so many an hour each); guests read
  const signedIn = useAppSelector(selectIsLoggedIn);
  const fallback = fallbackText(report);
  const href = reportHref(report.area.code, report.group, { offer: options.offer, kind: options.kind });
  const place = [report.area.name, report.parents.find((p) => p.level === 'city')?.name].filter(Boolean).join(', ');
  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <AreaBreadcrumb report={report} options={options} />
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' }, overflowWrap: 'anywhere' }}>
          {report.title}: {report.area.name}
        </Typography>
        <Typography color="text.secondary">
          {levelLabel(report.area.level)}
          {report.parents.length > 0 ? ` in ${report.parents.map((p) => p.name).join(', ')}` : ''}. {report.summary}
        </Typography>
      </Box>

      {report.demoData && (
        <Alert severity="warning" data-testid="demo-data-banner">
          <AlertTitle>Demo data</AlertTitle>
          The listing figures here come from the demo seed, not from real listings.
        </Alert>
      )}
      {fallback && (
        <Alert severity="info" data-testid="fallback-note">
          {fallback}
        </Alert>
      )}

      <OptionsRow>
        <OfferToggle offer={options.offer} onChange={(offer) => onOptions({ offer })} />
        <KindSelect kind={options.kind} onChange={(kind) => onOptions({ kind })} />
        <ToggleButtonGroup exclusive size="small" value={options.view} onChange={(_, view: ReportOptions['view'] | null) => view && onOptions({ view })} aria-label="Show as">
          <ToggleButton value="chart">Charts</ToggleButton>
          <ToggleButton value="table">Table</ToggleButton>
        </ToggleButtonGroup>
      </OptionsRow>

      <FigureCards figures={report.figures} />
      {report.figures.length === 0 && report.charts.length === 0 && report.tables.length === 0 && (
        <Alert severity="info">There are no figures for this area yet.</Alert>
      )}

      {options.view === 'chart' ? (
        <>
          <ReportCharts charts={report.charts} />
          <ReportTables charts={[]} tables={report.tables} heading="Tables" />
        </>
      ) : (
        <ReportTables charts={report.charts} tables={report.tables} heading="The figures as tables" />
      )}

      <ReportMap report={report} />

      {report.notes.length > 0 && (
        <Box component="section" aria-labelledby="market-notes-heading">
          <Typography id="market-notes-heading" variant="h6" component="h2">
            Notes
          </Typography>
          <Box component="ul" sx={{ pl: 3, my: 0.5 }} data-testid="market-notes">
            {report.notes.map((n, i) => (
              <Typography component="li" key={i} variant="body2">
                {n}
              </Typography>
            ))}
          </Box>
        </Box>
      )}

      {report.sources.length > 0 && (
        <Box component="section" aria-labelledby="market-sources-heading">
          <Typography id="market-sources-heading" variant="h6" component="h2">
            Sources
          </Typography>
          <Box component="ul" sx={{ pl: 3, my: 0.5 }} data-testid="market-sources">
            {report.sources.map((s, i) => (
              <Typography component="li" key={i} variant="body2">
                {s.name}, {s.period} ({levelLabel(s.granularity).toLowerCase()})
              </Typography>
            ))}
          </Box>
          <Typography variant="caption" color="text.secondary">
            Generated {new Date(report.generatedAt).toLocaleString('en-PH', { dateStyle: 'medium', timeStyle: 'short' })}.
          </Typography>
        </Box>
      )}

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} component="section" aria-label="Report actions">
        {signedIn ? (
          <ExportButtons args={{ group: report.group, area: report.area.code, offer: options.offer, kind: options.kind }} />
        ) : (
          <Button component={RouterLink} to="/login" variant="outlined">
            Log in to export or pin
          </Button>
        )}
        <PinReportButton report={{ group: report.group, area: report.area.code, areaName: place, name: `${report.title}: ${report.area.name}`, href }} />
        <Button component={RouterLink} to={compareHref({ areas: [report.area.code], group: report.group, offer: options.offer, kind: options.kind })} startIcon={<CompareArrowsIcon />}>
          Compare with other areas
        </Button>
      </Stack>
    </Stack>
  );
}

/** The Upgrade prompt of a locked report: the 402's `upgrade`, or the plan table's. */
export function LockedReport({ group, error }: { group: ReportGroupId; error?: unknown }) {
  // named by the report ("Economic data reports"), not by its tier
  const feature = `${REPORT_GROUPS[group].title} reports`;
  const answered = upgradeOf(error);
  const upgrade = answered
    ? { ...answered, feature }
    : { reason: 'plan' as const, entitlement: reportEntitlement(group), feature, requiredPlan: planForReport(group) };
  return <UpgradePrompt upgrade={upgrade} />;
}

/** /market/:area/:group?offer=&kind=&view=: one report; the address is its whole state. */
export function ReportPage() {
  const { area = '', group = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const options = parseReportOptions(params);
  const valid = isReportGroupId(group);
  const { data, error, isFetching, isLoading } = useMarketReportQuery({ group, area, offer: options.offer, kind: options.kind }, { skip: !valid });

  useEffect(() => {
    if (data) document.title = `${data.title}: ${data.area.name} · Market reports · Tahanan`;
  }, [data]);

  const onOptions = (change: Partial<ReportOptions>) => {
    const next = new URL(reportHref(area, group as ReportGroupId, { ...options, ...change }), window.location.origin);
    setParams(next.searchParams, { replace: change.view !== undefined });
  };

  let body: React.ReactNode;
  if (!valid) body = <Alert severity="error">There is no report “{group}”. Choose one of the reports in the picker.</Alert>;
  else if (error && errorStatus(error) === 402)
    body = (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {REPORT_GROUPS[group].title}
        </Typography>
        <Typography color="text.secondary">{REPORT_GROUPS[group].summary}</Typography>
        <LockedReport group={group} error={error} />
      </Stack>
    );
  else if (error) body = <Alert severity="error">{errorMessage(error)}</Alert>;
  else if (isLoading || !data) body = <Skeleton variant="rounded" height={320} aria-label="Loading the report" />;
  else
    body = (
      <Box sx={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={isFetching}>
        <ReportContent report={data} options={options} onOptions={onOptions} />
      </Box>
    );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      {body}
      {(!valid || error) && (
        <Button component={RouterLink} to={pickerHref(area || null, options)} sx={{ mt: 2 }}>
          Back to the market reports
        </Button>
      )}
    </Container>
  );
}
