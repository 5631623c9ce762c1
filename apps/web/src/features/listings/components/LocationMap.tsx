import { CircleMarker, Marker, Popup, Tooltip } from 'react-leaflet';
import { BaseMap } from '@/components/ui/map/BaseMap';
import type { AreaNearby } from '@/lib/api/listings';
import { nearbyCategoryLabel } from '@/lib/listing-text';

export interface LocationMapProps {
  lat: number;
  lng: number;
  name: string;
  /** Points of interest drawn as small circles. */
  areasNearby?: AreaNearby[];
  height?: number;
}

/** The listing's pin, centred, with the nearby places around it. */
export function LocationMap({ lat, lng, name, areasNearby = [], height = 320 }: LocationMapProps) {
  return (
    <BaseMap center={[lat, lng]} zoom={16} height={height} scrollWheelZoom={false} aria-label="Location map" data-testid="location-map">
      {areasNearby.flatMap((area) =>
        area.items.map((item) => (
          <CircleMarker
            key={`${area.category}-${item._id}`}
            center={[item.lat, item.lng]}
            radius={5}
            pathOptions={{ color: '#f4b400', weight: 1, fillOpacity: 0.8 }}
          >
            <Tooltip>
              {item.name ?? 'Unnamed place'} · {nearbyCategoryLabel(area.category)}
            </Tooltip>
          </CircleMarker>
        )),
      )}
      <Marker position={[lat, lng]} title={name} alt={name}>
        <Popup>{name}</Popup>
      </Marker>
    </BaseMap>
  );
}
