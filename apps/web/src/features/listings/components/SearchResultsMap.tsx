import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Marker, Popup } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import type { Map as LeafletMap } from 'leaflet';
import { latLngBounds } from 'leaflet';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { BaseMap } from '@/components/ui/map/BaseMap';
import { shortAddress, type Listing } from '@/lib/api/listings';
import { Price } from '@/components/ui/Price';
import { roundBounds, type Bounds } from '../search-state';

/** How long the map must rest before its view becomes the search area. */
export const MAP_SEARCH_DEBOUNCE_MS = 600;

export interface SearchResultsMapProps {
  listings: Listing[];
  /** The applied search area (from the URL). */
  bounds: Bounds | null;
  followMap: boolean;
  /** Identifies the search without its area: a new one re-centres the map on its results. */
  searchKey: string;
  onBoundsChange: (bounds: Bounds) => void;
  onFollowChange: (follow: boolean, bounds: Bounds | null) => void;
  height?: number | string;
}

function viewOf(map: LeafletMap): Bounds {
  const b = map.getBounds();
  return roundBounds({ north: b.getNorth(), south: b.getSouth(), east: b.getEast(), west: b.getWest() });
}

/**
 * The results as clustered markers. Moving the map (drag, zoom) makes its view the search area after
 * a short rest, when "Search as I move the map" is on; moves the page makes itself are ignored.
 */
export function SearchResultsMap({
  listings,
  bounds,
  followMap,
  searchKey,
  onBoundsChange,
  onFollowChange,
  height = 560,
}: SearchResultsMapProps) {
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [movedAway, setMovedAway] = useState(false);
  const programmatic = useRef(false);
  const programmaticTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fittedFor = useRef<string | null>(null);
  const latest = useRef({ followMap, onBoundsChange });
  useEffect(() => {
    latest.current = { followMap, onBoundsChange };
  });

  /** Moves the map without that move counting as the user's. */
  const moveQuietly = useCallback((move: () => void) => {
    programmatic.current = true;
    clearTimeout(programmaticTimer.current);
    // moveend normally clears the flag; the timer is a safety net when nothing moved.
    programmaticTimer.current = setTimeout(() => {
      programmatic.current = false;
    }, 1500);
    move();
  }, []);

  // User moves: debounced, then the view becomes the search area (or a "Search this area" button).
  useEffect(() => {
    if (!map) return;
    const onMoveEnd = () => {
      if (programmatic.current) {
        programmatic.current = false;
        clearTimeout(programmaticTimer.current);
        return;
      }
      clearTimeout(debounce.current);
      debounce.current = setTimeout(() => {
        if (latest.current.followMap) {
          setMovedAway(false);
          latest.current.onBoundsChange(viewOf(map));
        } else {
          setMovedAway(true);
        }
      }, MAP_SEARCH_DEBOUNCE_MS);
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
      clearTimeout(debounce.current);
    };
  }, [map]);

  useEffect(() => () => clearTimeout(programmaticTimer.current), []);

  // A shared or reloaded search: show its area.
  const boundsKey = bounds ? `${bounds.north},${bounds.south},${bounds.east},${bounds.west}` : null;
  useEffect(() => {
    if (!map || !bounds || !boundsKey) return;
    const current = viewOf(map);
    const same =
      Math.abs(current.north - bounds.north) < 1e-4 &&
      Math.abs(current.south - bounds.south) < 1e-4 &&
      Math.abs(current.east - bounds.east) < 1e-4 &&
      Math.abs(current.west - bounds.west) < 1e-4;
    if (!same) {
      moveQuietly(() => map.fitBounds([[bounds.south, bounds.west], [bounds.north, bounds.east]], { animate: false }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- boundsKey stands for bounds
  }, [map, boundsKey, moveQuietly]);

  // A new search without an area: centre the map on its results, once per search.
  useEffect(() => {
    if (!map || bounds || listings.length === 0 || fittedFor.current === searchKey) return;
    fittedFor.current = searchKey;
    const points = latLngBounds(listings.map((l) => [l.location.lat, l.location.lng] as [number, number]));
    moveQuietly(() => map.fitBounds(points, { padding: [40, 40], maxZoom: 15, animate: false }));
  }, [map, bounds, listings, searchKey, moveQuietly]);

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={followMap}
              onChange={(e) => {
                setMovedAway(false);
                onFollowChange(e.target.checked, e.target.checked && map ? viewOf(map) : bounds);
              }}
            />
          }
          label="Search as I move the map"
        />
        {!followMap && movedAway && map && (
          <Button
            size="small"
            variant="contained"
            onClick={() => {
              setMovedAway(false);
              onBoundsChange(viewOf(map));
            }}
          >
            Search this area
          </Button>
        )}
      </Stack>
      <BaseMap height={height} onReady={setMap} aria-label="Results map" data-testid="results-map">
        <MarkerClusterGroup chunkedLoading>
          {listings.map((listing) => (
            <Marker
              key={listing._id}
              position={[listing.location.lat, listing.location.lng]}
              title={listing.name}
              alt={listing.name}
            >
              <Popup>
                <Paper elevation={0} sx={{ minWidth: 160 }}>
                  <Typography
                    variant="subtitle2"
                    component={RouterLink}
                    to={`/listings/${listing._id}`}
                    sx={{ fontWeight: 700, color: 'primary.main' }}
                  >
                    {listing.name}
                  </Typography>
                  <Box>
                    <Price amount={listing.price} currency={listing.currency} perMonth={listing.offer === 'rent'} size="compact" testId="map-price" />
                  </Box>
                  <Typography variant="caption" color="text.secondary">
                    {shortAddress(listing)}
                  </Typography>
                </Paper>
              </Popup>
            </Marker>
          ))}
        </MarkerClusterGroup>
      </BaseMap>
    </Stack>
  );
}
