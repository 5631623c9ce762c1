import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { REPORT_GROUPS, REPORT_GROUP_IDS, planForReport, planUnlocksReport, type PlanId } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { useGetPlaceQuery } from '@/lib/api/generated';
import { selectCurrentUser, useAppSelector } from '@/lib/state/hooks';
import { levelLabel } from './format';
import { GroupCard } from './GroupCards';
import { useMarketGroupsQuery } from './market-api';
import { PlaceCascade, PlaceSearch } from './PlacePicker';
import { KindSelect, OfferToggle } from './ReportControls';
import type { MarketPlace, ReportGroupEntry } from './types';
import { compareHref, isAreaCode, parseReportOptions, pickerHref, type ReportOptions } from './url-state';

/** The groups from the plan table, locked by the member's plan (a guest reads as Free): shown until the API answers. */
export function groupsForPlan(plan: PlanId): ReportGroupEntry[] {
  return REPORT_GROUP_IDS.map((id) => {
    const def = REPORT_GROUPS[id];
    const locked = !planUnlocksReport(plan, id);
    return { ...def, locked, requiredPlan: locked ? planForReport(id) : null };
  });
}

/** /market?area=&offer=&kind=: choose a place (by name, or region → city → barangay), buy or rent, a kind, then one of the 13 reports. */
export function MarketPage() {
  const [params, setParams] = useSearchParams();
  const user = useAppSelector(selectCurrentUser);
  const areaParam = params.get('area');
  const area = isAreaCode(areaParam) ? areaParam : null;
  const options = parseReportOptions(params);
  const { data: groups, error } = useMarketGroupsQuery();
  const { data: place } = useGetPlaceQuery({ code: area ?? '' }, { skip: !area });
  const plan = ((user?.subscription?.plan as PlanId | undefined) ?? 'free') as PlanId;
  const shown = groups?.length ? groups : groupsForPlan(plan);

  useEffect(() => {
    document.title = 'Market reports · Tahanan';
  }, []);

  const go = (next: string | null, change: Partial<ReportOptions> = {}) => {
    const url = new URL(pickerHref(next, { ...options, ...change }), window.location.origin);
    setParams(url.searchParams, { replace: true });
  };
  const pickPlace = (p: MarketPlace | null) => go(p?.code ?? null);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
            Market reports
          </Typography>
          <Typography color="text.secondary">
            Understand a barangay before you commit: asking prices, supply and demand from the listings here, and the public statistics around them. Every figure names its source, period and sample.
          </Typography>
        </Box>

        <Paper variant="outlined" component="section" aria-labelledby="market-place-heading" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
          <Stack spacing={2}>
            <Typography id="market-place-heading" variant="h6" component="h2">
              Choose a place
            </Typography>
            <PlaceSearch onPick={pickPlace} offer={options.offer} />
            <Typography variant="body2" color="text.secondary">
              Or narrow it down:
            </Typography>
            <PlaceCascade areaCode={area} onPick={pickPlace} offer={options.offer} />
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <OfferToggle offer={options.offer} onChange={(offer) => go(area, { offer })} />
              <KindSelect kind={options.kind} onChange={(kind) => go(area, { kind })} />
            </Stack>
            {area ? (
              <Alert severity="success" data-testid="market-chosen-place" action={
                <Button component={RouterLink} to={compareHref({ areas: [area], offer: options.offer, kind: options.kind })} color="inherit" size="small" startIcon={<CompareArrowsIcon />}>
                  Compare
                </Button>
              }>
                Reports for <strong>{place?.name ?? area}</strong>
                {place ? ` (${levelLabel(place.level === 'municipality' || place.level === 'submunicipality' ? 'city' : place.level).toLowerCase()})` : ''}
              </Alert>
            ) : (
              <Alert severity="info">Choose a place to open its reports.</Alert>
            )}
          </Stack>
        </Paper>

        <Box component="section" aria-labelledby="market-groups-heading">
          <Typography id="market-groups-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Reports
          </Typography>
          {error && (
            <Alert severity="warning" sx={{ mb: 1.5 }}>
              Could not load the report list; the locks below follow your plan.
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
            {shown.map((g) => (
              <GroupCard key={g.id} group={g} area={area} options={options} />
            ))}
          </Box>
        </Box>
      </Stack>
    </Container>
  );
}
