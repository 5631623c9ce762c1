import { useEffect, useState } from 'react';
import { Marker, useMapEvents } from 'react-leaflet';
import type { LeafletEventHandlerFnMap, Map as LeafletMap, Marker as LeafletMarker } from 'leaflet';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BaseMap, DEFAULT_CENTER } from '@/components/ui/map/BaseMap';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface LocationPickerProps {
  value: LatLng | null;
  onChange: (value: LatLng) => void;
  /** Where to look when there is no pin yet (the chosen city or barangay). */
  focus?: LatLng | null;
  error?: string;
  height?: number;
}

function ClickToPlace({ onChange }: { onChange: (value: LatLng) => void }) {
  useMapEvents({
    click: (event) => onChange({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) }),
  });
  return null;
}

function round(n: number) {
  return Math.round(n * 1e7) / 1e7;
}

/** Click the map to drop the pin, drag it to adjust. */
export function LocationPicker({ value, onChange, focus, error, height = 360 }: LocationPickerProps) {
  const [map, setMap] = useState<LeafletMap | null>(null);
  const target = value ?? focus ?? null;
  const targetKey = target ? `${target.lat},${target.lng}` : '';

  // Bring the pin (or the chosen place) into view when it changes from outside the map.
  useEffect(() => {
    if (!map || !target) return;
    if (!map.getBounds().contains([target.lat, target.lng]) || map.getZoom() < 14) {
      map.setView([target.lat, target.lng], Math.max(map.getZoom(), 16), { animate: false });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- targetKey stands for target
  }, [map, targetKey]);

  const markerEvents: LeafletEventHandlerFnMap = {
    dragend: (event) => {
      const { lat, lng } = (event.target as LeafletMarker).getLatLng();
      onChange({ lat: round(lat), lng: round(lng) });
    },
  };

  return (
    <Stack spacing={1}>
      <Typography variant="body2" color={error ? 'error' : 'text.secondary'} id="pin-help">
        {error ?? 'Click the map to place the pin, then drag it to the exact spot.'}
      </Typography>
      <BaseMap
        center={target ? [target.lat, target.lng] : DEFAULT_CENTER}
        zoom={target ? 16 : 11}
        height={height}
        onReady={setMap}
        aria-label="Pin the location"
        data-testid="location-picker"
      >
        <ClickToPlace onChange={onChange} />
        {value && <Marker position={[value.lat, value.lng]} draggable eventHandlers={markerEvents} title="Listing location" alt="Listing location" />}
      </BaseMap>
      {value && (
        <Typography variant="caption" color="text.secondary" data-testid="pin-coordinates">
          Pin at {value.lat.toFixed(6)}, {value.lng.toFixed(6)}
        </Typography>
      )}
    </Stack>
  );
}
