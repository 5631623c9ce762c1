import { lazy, Suspense, useMemo } from 'react';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReportGroupId } from '@app/domain';
import type { MarketReport } from './types';

import type { MarketMapProps } from './map/MarketMap';

// the map (leaflet and its tiles) is its own chunk, asked for only when a report shows one
const LazyMarketMap = lazy(() => import('./map/MarketMap').then((m) => ({ default: m.MarketMap })));

/** Metro Manila (NCR): PSGC codes of region 13; its cities have the choropleth of the NCR boundary file. */
export const isMetroManila = (code: string) => code.startsWith('13');

const CHOROPLETH_GROUPS: readonly ReportGroupId[] = ['historic_and_current', 'property_trends'];
const AMENITY_GROUPS: readonly ReportGroupId[] = ['demographics'];

/** The map a report shows, if any: its points (developments), the Metro Manila choropleth of price per m², or the amenities around a barangay. */
export function mapOfReport(report: MarketReport): MarketMapProps | null {
  const barangay = report.area.level === 'barangay' ? report.area.code : null;
  const city = [report.area, ...report.parents].find((a) => a.level === 'city')?.code;
  if (!barangay && !city) return null;
  const barangayCode = barangay ?? '';
  if (report.mapPoints.length > 0) return { barangayCode, ...(city ? { cityCode: city } : {}), points: report.mapPoints };
  if (CHOROPLETH_GROUPS.includes(report.group) && isMetroManila(report.area.code)) {
    return { barangayCode, ...(city ? { cityCode: city } : {}), choropleth: { metric: 'median_price_per_sqm', offer: report.offer } };
  }
  // the amenities around a barangay (malls, schools, transport, restaurants) beside its people
  if (AMENITY_GROUPS.includes(report.group) && barangay) return { barangayCode, ...(city ? { cityCode: city } : {}) };
  return null;
}

export function ReportMap({ report }: { report: MarketReport }) {
  const props = useMemo(() => mapOfReport(report), [report]);
  if (!props) return null;
  const title = props.choropleth ? `Price per m² across Metro Manila (${report.offer === 'rent' ? 'rent' : 'sale'})` : report.group === 'ongoing_development' ? 'Projects near this barangay' : 'Around this barangay';
  return (
    <Paper variant="outlined" component="section" aria-labelledby="market-map-heading" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography id="market-map-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Suspense fallback={<Skeleton variant="rounded" height={360} aria-label="Loading the map" />}>
        <LazyMarketMap {...props} />
      </Suspense>
    </Paper>
  );
}
