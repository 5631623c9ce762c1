import { useEffect, useMemo, useState } from 'react';
import { CircleMarker, GeoJSON, Popup, useMap } from 'react-leaflet';
import type { Layer, LatLngBoundsExpression, PathOptions } from 'leaflet';
import { latLngBounds } from 'leaflet';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BaseMap } from '@/components/ui/map/BaseMap';
import { errorMessage } from '@/lib/api/errors';
import {
  useGetAmenitiesQuery,
  useGetMapBarangaysQuery,
  type AmenitiesDto,
  type ChoroplethDto,
  type ChoroplethPropertiesDto,
} from '@/lib/api/generated';
import type { ReportMapPoint } from '../types';
import { LEGEND, NO_DATA_COLOR, amenityLayerNotes, amenityLegendRows, legendCategoryOf, pointStyleOf, quantileScale, type ColorScale, type LegendCategory } from './legend';

export interface MarketMapProps {
  /** PSGC code of the barangay the map is about ('' for a city-wide report: no amenities then). */
  barangayCode: string;
  cityCode?: string;
  /** The report's own points (development projects, amenities). */
  points?: ReportMapPoint[];
  /** Shade the barangays of a Metro Manila city (or all of it) by a listing figure. */
  choropleth?: { metric: 'median_price_per_sqm' | 'active_count'; offer: 'sale' | 'rent' };
  height?: number | string;
}

const peso = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-PH');
export const formatFigure = (value: number | null, unit: ChoroplethDto['unit']) =>
  value === null ? 'No data' : unit === 'count' ? count.format(value) : `${peso.format(value)}/m²`;

/** Metro Manila: region 13's PSGC codes. */
const isNcr = (code: string | undefined) => !!code && code.startsWith('13');

/** Fits the map to the points or polygons once they arrive (not again when the user has moved it). */
function FitTo({ bounds }: { bounds: LatLngBoundsExpression | null }) {
  const map = useMap();
  const key = bounds ? JSON.stringify(bounds) : '';
  useEffect(() => {
    if (bounds) map.fitBounds(bounds, { padding: [16, 16], maxZoom: 15 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

function Swatch({ color, round = true }: { color: string; round?: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: 14, height: 14, flexShrink: 0, borderRadius: round ? '50%' : 0.5, bgcolor: color, border: '1px solid rgba(0,0,0,0.35)' }}
    />
  );
}

interface LegendRow {
  category: LegendCategory;
  /** Shown beside the label: "12 nearby", "none imported". */
  detail: string | null;
}

/** The category legend, below the map (a phone sees it without covering the map). */
function CategoryLegend({ rows }: { rows: LegendRow[] }) {
  if (!rows.length) return null;
  return (
    <Box component="ul" aria-label="Map legend" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
      {rows.map((r) => (
        <Box component="li" key={r.category} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Swatch color={LEGEND[r.category].color} />
          <Typography variant="body2">
            {LEGEND[r.category].label}
            {r.detail && (
              <Typography component="span" variant="caption" color="text.secondary">
                {' '}
                ({r.detail})
              </Typography>
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ScaleLegend({ scale, data }: { scale: ColorScale; data: ChoroplethDto }) {
  return (
    <Box aria-label="Colour scale" role="group">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {data.metric === 'active_count' ? 'Active listings' : `Median asking ${data.offer === 'rent' ? 'rent' : 'price'} per m²`}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        {scale.classes.map((c) => (
          <Box component="li" key={c.color} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Swatch color={c.color} round={false} />
            <Typography variant="caption">
              {c.from === c.to ? formatFigure(c.from, data.unit) : `${formatFigure(c.from, data.unit)} – ${formatFigure(c.to, data.unit)}`}
            </Typography>
          </Box>
        ))}
        <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Swatch color={NO_DATA_COLOR} round={false} />
          <Typography variant="caption">
            No data{data.metric === 'median_price_per_sqm' ? ` (fewer than ${data.minSample} listings with a size)` : ''}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

function popupHtml(p: ChoroplethPropertiesDto, data: ChoroplethDto): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const sample =
    data.metric === 'active_count'
      ? ''
      : `<br/>Sample: ${count.format(p.sample)} listing${p.sample === 1 ? '' : 's'} with a size`;
  const current = p.currentCode ? '' : '<br/><em>This 2023 code is not a current barangay: no figure.</em>';
  return `<strong>${esc(p.name)}</strong><br/>${esc(formatFigure(p.value, data.unit))}${sample}${current}<br/><small>${esc(data.source)}, ${esc(data.period)}, barangay level</small>`;
}

/** Amenities and report points as coloured circles, each with a popup. */
function PointLayers({ amenities, points }: { amenities: AmenitiesDto | undefined; points: ReportMapPoint[] }) {
  return (
    <>
      {amenities?.categories.flatMap((g) => {
        const cat = legendCategoryOf(g.category);
        if (!cat) return [];
        const { radius, fillOpacity } = pointStyleOf(cat);
        return g.nearest.map((p) => (
          <CircleMarker
            key={`${g.category}:${p.id}`}
            center={[p.lat, p.lng]}
            radius={radius}
            pathOptions={{ color: '#333', weight: 1, fillColor: LEGEND[cat].color, fillOpacity }}
          >
            <Popup>
              <strong>{p.name ?? `Unnamed (${LEGEND[cat].label.toLowerCase()})`}</strong>
              <br />
              {LEGEND[cat].label}, {p.distanceKm.toLocaleString('en-PH', { maximumFractionDigits: 2 })} km from the barangay centre
              {cat === 'residential' && (
                <>
                  <br />
                  Marked at the middle of its mapped area
                </>
              )}
              <br />
              <small>{g.source}</small>
            </Popup>
          </CircleMarker>
        ));
      })}
      {points.map((p) => {
        const cat = legendCategoryOf(p.category);
        return (
          <CircleMarker
            key={`point:${p.id}`}
            center={[p.lat, p.lng]}
            radius={8}
            pathOptions={{ color: '#fff', weight: 2, fillColor: cat ? LEGEND[cat].color : '#555', fillOpacity: 1 }}
          >
            <Popup>
              <strong>{p.name}</strong>
              <br />
              {cat ? LEGEND[cat].label : p.category}
              {p.detail && (
                <>
                  <br />
                  {p.detail}
                </>
              )}
            </Popup>
          </CircleMarker>
        );
      })}
    </>
  );
}

/**
 * The market reports' map: the barangay, what is near it by the legend's categories (GET
 * /bi/amenities/{barangay}), the report's own points (development projects), and for Metro Manila the
 * barangays shaded by a listing figure (GET /bi/map/barangays). The legends sit under the map; every
 * popup says the figure's source, period and sample.
 */
export function MarketMap({ barangayCode, cityCode, points = [], choropleth, height = 380 }: MarketMapProps) {
  const amenitiesQuery = useGetAmenitiesQuery(barangayCode ? { barangay: barangayCode } : skipToken);
  const choroplethArg = choropleth ? { ...(isNcr(cityCode) ? { city: cityCode } : {}), metric: choropleth.metric, offer: choropleth.offer } : skipToken;
  const mapQuery = useGetMapBarangaysQuery(choroplethArg);
  const amenities = amenitiesQuery.data;
  const data = mapQuery.data;
  const [selected, setSelected] = useState<string | null>(null);

  const scale = useMemo(() => (data ? quantileScale(data.features.map((f) => f.properties.value)) : null), [data]);
  const collection = useMemo(() => (data ? (data as unknown as FeatureCollection<Geometry, ChoroplethPropertiesDto>) : null), [data]);

  const bounds = useMemo((): LatLngBoundsExpression | null => {
    if (collection && collection.features.length) {
      const b = latLngBounds([]);
      for (const f of collection.features) {
        const rings = f.geometry.type === 'Polygon' ? [f.geometry.coordinates[0]] : f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates.map((p) => p[0]) : [];
        for (const ring of rings) for (const [lng, lat] of ring) b.extend([lat, lng]);
      }
      return b.isValid() ? [[b.getSouth(), b.getWest()], [b.getNorth(), b.getEast()]] : null;
    }
    const pts: [number, number][] = [
      ...(amenities ? [[amenities.barangay.lat, amenities.barangay.lng] as [number, number]] : []),
      ...(amenities?.categories.flatMap((g) => g.nearest.map((p) => [p.lat, p.lng] as [number, number])) ?? []),
      ...points.map((p) => [p.lat, p.lng] as [number, number]),
    ];
    if (!pts.length) return null;
    const b = latLngBounds(pts);
    return [[b.getSouth(), b.getWest()], [b.getNorth(), b.getEast()]];
  }, [collection, amenities, points]);

  const legendRows: LegendRow[] = useMemo(() => {
    const rows = new Map<LegendCategory, LegendRow>(
      amenities ? amenityLegendRows(amenities.categories, amenities.poiCoverage).map((r) => [r.category, r]) : [],
    );
    for (const p of points) {
      const cat = legendCategoryOf(p.category);
      if (cat && !rows.has(cat)) rows.set(cat, { category: cat, detail: null });
    }
    return [...rows.values()];
  }, [amenities, points]);

  const style = (feature?: Feature<Geometry, ChoroplethPropertiesDto>): PathOptions => {
    const p = feature?.properties;
    const mine = !!p && (p.currentCode === barangayCode || p.code === barangayCode);
    return {
      color: mine || p?.code === selected ? '#000' : '#666',
      weight: mine ? 3 : 0.6,
      fillColor: scale ? scale.colorOf(p?.value) : NO_DATA_COLOR,
      fillOpacity: 0.75,
    };
  };
  const onEach = (feature: Feature<Geometry, ChoroplethPropertiesDto>, layer: Layer) => {
    if (data) layer.bindPopup(popupHtml(feature.properties, data));
    layer.on('click', () => setSelected(feature.properties.code));
  };

  const error = amenitiesQuery.error ?? mapQuery.error;
  const noPolygons = data && data.features.length === 0;
  return (
    <Stack spacing={1} data-testid="market-map">
      <BaseMap
        aria-label={choropleth ? 'Map of Metro Manila barangays shaded by listing figure' : 'Map of the barangay and what is near it'}
        center={amenities ? [amenities.barangay.lat, amenities.barangay.lng] : undefined}
        zoom={14}
        height={height}
        scrollWheelZoom={false}
      >
        {collection && <GeoJSON key={`${data?.metric}:${data?.offer}:${data?.cityCode}:${data?.period}`} data={collection} style={style} onEachFeature={onEach} />}
        {amenities && (
          <CircleMarker
            center={[amenities.barangay.lat, amenities.barangay.lng]}
            radius={10}
            // solid, with a thick black ring: a light see-through blue read as a transport hub
            pathOptions={{ color: '#000', weight: 3, fillColor: LEGEND.barangay.color, fillOpacity: 1 }}
          >
            <Popup>
              <strong>{amenities.barangay.name}</strong>, {amenities.barangay.cityName}
              <br />
              The barangay&apos;s centre (PSGC centroid)
            </Popup>
          </CircleMarker>
        )}
        <PointLayers amenities={amenities} points={points} />
        <FitTo bounds={bounds} />
      </BaseMap>
      {error && <Alert severity="warning">The map&apos;s data could not be loaded: {errorMessage(error)}</Alert>}
      <CategoryLegend rows={legendRows} />
      {data && scale && <ScaleLegend scale={scale} data={data} />}
      {noPolygons && <Alert severity="info">No barangay boundaries are on file for this city (the City of Manila is not in the boundary file).</Alert>}
      <Typography variant="caption" color="text.secondary" component="div">
        {amenities && (
          <>
            {amenities.poiCoverage === 'none' ? (
              <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                No points of interest were imported for this area: our OpenStreetMap data covers Legazpi City only. That is missing data, not an absence of places.
              </Box>
            ) : null}
            {amenityLayerNotes(amenities.categories, amenities.poiCoverage).map((n) => (
              <Box component="span" key={n} sx={{ display: 'block' }}>
                {n}
              </Box>
            ))}
            {amenities.notes
              .filter((n) => amenities.poiCoverage !== 'none' || !n.startsWith('No points of interest'))
              .map((n) => (
                <Box component="span" key={n} sx={{ display: 'block' }}>
                  {n}
                </Box>
              ))}
            Places: {amenities.poiAttribution}. Barangay centres: PSA PSGC.
          </>
        )}
        {data && (
          <>
            {data.notes.map((n) => (
              <Box component="span" key={n} sx={{ display: 'block' }}>
                {n}
              </Box>
            ))}
            Figures: {data.source}, {data.period}, barangay level. {data.boundarySource}.
          </>
        )}
      </Typography>
    </Stack>
  );
}

export default MarketMap;
