import { useEffect, useState, type ReactNode } from 'react';
import { GeoJSON, MapContainer, TileLayer, useMap } from 'react-leaflet';
import type { LatLngBoundsExpression, LatLngExpression, Map as LeafletMap } from 'leaflet';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DEFAULT_MAP_CENTER } from '@app/domain';
import './leaflet-setup';
import { loadPhilippinesOutline, type CountryOutline } from './philippines-outline';

export const OSM_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
export const DEFAULT_CENTER: [number, number] = [DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng];

const OUTLINE_STYLE = { color: '#0b6e4f', weight: 1.5, fillColor: '#0b6e4f', fillOpacity: 0.06 };

/** The country outline, drawn under everything else (it is the only "map" when tiles cannot load). */
function PhilippinesOutlineLayer() {
  const [outline, setOutline] = useState<CountryOutline | null>(null);
  useEffect(() => {
    let alive = true;
    void loadPhilippinesOutline().then((o) => {
      if (alive) setOutline(o);
    });
    return () => {
      alive = false;
    };
  }, []);
  if (!outline) return null;
  return <GeoJSON data={outline} style={OUTLINE_STYLE} interactive={false} />;
}

/** Hands the Leaflet map to the parent once it exists. */
function MapReady({ onReady }: { onReady?: (map: LeafletMap) => void }) {
  const map = useMap();
  useEffect(() => {
    onReady?.(map);
  }, [map, onReady]);
  return null;
}

export interface BaseMapProps {
  center?: LatLngExpression;
  zoom?: number;
  bounds?: LatLngBoundsExpression;
  height?: number | string;
  children?: ReactNode;
  onReady?: (map: LeafletMap) => void;
  scrollWheelZoom?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A Leaflet map with OpenStreetMap tiles and the outline of the Philippines. Without internet the
 * tiles fail; the outline and every marker still show, with a short notice.
 */
export function BaseMap({
  center = DEFAULT_CENTER,
  zoom = 12,
  bounds,
  height = 400,
  children,
  onReady,
  scrollWheelZoom = true,
  ...rest
}: BaseMapProps) {
  const [tilesFailed, setTilesFailed] = useState(false);
  return (
    <Box
      role="region"
      aria-label={rest['aria-label'] ?? 'Map'}
      data-testid={rest['data-testid']}
      sx={{ position: 'relative', height, borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}
    >
      <MapContainer
        center={center}
        zoom={zoom}
        bounds={bounds}
        scrollWheelZoom={scrollWheelZoom}
        style={{ height: '100%', width: '100%', background: '#eaf2f8' }}
      >
        <TileLayer
          url={OSM_TILE_URL}
          attribution={OSM_ATTRIBUTION}
          maxZoom={19}
          eventHandlers={{
            tileerror: () => setTilesFailed(true),
            tileload: () => setTilesFailed(false),
          }}
        />
        <PhilippinesOutlineLayer />
        {children}
        <MapReady onReady={onReady} />
      </MapContainer>
      {tilesFailed && (
        <Typography
          variant="caption"
          role="status"
          sx={{
            position: 'absolute',
            left: 8,
            bottom: 8,
            zIndex: 1000,
            bgcolor: 'rgba(255,255,255,0.9)',
            px: 1,
            borderRadius: 1,
          }}
        >
          Map tiles are unavailable offline; showing the outline only.
        </Typography>
      )}
    </Box>
  );
}
