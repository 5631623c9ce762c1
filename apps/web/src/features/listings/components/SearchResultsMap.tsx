import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Marker, Popup } from 'react-leaflet';
import type { Map as LeafletMap } from 'leaflet';
import { divIcon } from 'leaflet';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { BaseMap } from '@/components/ui/map/BaseMap';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetListingClustersQuery } from '@/lib/api/generated';
import { shortAddress, type Listing, type ListingSearchBody } from '@/lib/api/listings';
import { Price } from '@/components/ui/Price';
import { roundBounds, sameArea, showsArea, type Bounds } from '../search-state';
import {
  CLUSTER_DEBOUNCE_MS,
  clusterSize,
  clusterTarget,
  clustersArg,
  fitTarget,
  formatCount,
  mergeOverlapping,
  type MapCluster,
  type MapPin,
  type MapView,
} from '../map-clusters';

/** Badges closer than this (px, centre to centre) are drawn as one. */
const MIN_BADGE_DISTANCE = 40;

/** How long the map must rest before its view becomes the search area. */
export const MAP_SEARCH_DEBOUNCE_MS = 600;

export interface SearchResultsMapProps {
  /** The page's listings: shown until the map's own answer (every match in its view) arrives. */
  listings: Listing[];
  /** The search's filters (its area aside): the map shows every match of them in its view. */
  filters: ListingSearchBody;
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

const areaKey = (b: Bounds) => [b.north, b.south, b.east, b.west].join();

function viewWithZoom(map: LeafletMap): MapView {
  return { bounds: viewOf(map), zoom: map.getZoom() };
}

/** A badge with the cluster's count, sized by it; a click zooms to the cluster's listings. */
function ClusterMarker({ cluster, map }: { cluster: MapCluster; map: LeafletMap }) {
  const size = clusterSize(cluster.count);
  const label = formatCount(cluster.count);
  const icon = useMemo(
    () =>
      divIcon({
        className: 'search-map-cluster',
        iconSize: [size, size],
        html: `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;background:rgba(11,110,79,0.88);color:#fff;font:600 ${size > 38 ? 13 : 11}px/1 Roboto,Arial,sans-serif;box-shadow:0 0 0 4px rgba(11,110,79,0.25)">${label}</span>`,
      }),
    [size, label],
  );
  return (
    <Marker
      position={[cluster.lat, cluster.lng]}
      icon={icon}
      title={`${cluster.count} listings here: zoom in`}
      alt={`${cluster.count} listings`}
      keyboard
      eventHandlers={{
        click: () => {
          const target = clusterTarget(cluster, map.getZoom());
          if ('fit' in target) map.fitBounds(target.fit, { padding: [24, 24], maxZoom: 19 });
          else map.setView(target.center, target.zoom);
        },
      }}
    />
  );
}

function PinPopup({ id, name, price, currency, offer, address }: { id: string; name: string; price: number; currency: string; offer: string; address?: string }) {
  return (
    <Popup>
      <Paper elevation={0} sx={{ minWidth: 160 }}>
        <Typography variant="subtitle2" component={RouterLink} to={`/listings/${id}`} sx={{ fontWeight: 700, color: 'primary.main' }}>
          {name}
        </Typography>
        <Box>
          <Price amount={price} currency={currency} perMonth={offer === 'rent'} size="compact" testId="map-price" />
        </Box>
        {address && (
          <Typography variant="caption" color="text.secondary">
            {address}
          </Typography>
        )}
      </Paper>
    </Popup>
  );
}

/**
 * Every match of the search in the map's view: clusters with counts when zoomed out, pins when the
 * view holds few (POST /listing/clusters, asked again when the map rests). A new search without a map
 * area fits the map to its matches. Moving the map (drag, zoom) makes its view the search area after
 * a short rest, when "Search as I move the map" is on; moves the page makes itself are ignored.
 */
export function SearchResultsMap({
  listings,
  filters,
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
  const [fittedFor, setFittedFor] = useState<string | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  const viewTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** A fit asked for and not yet read back as the view. */
  const [fitPending, setFitPending] = useState(false);
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

  // A search area that did not come from this map (a shared link, a reload, a saved search, back
  // and forward): the map goes there, so what it shows is what the list counts. Not after the user's
  // own move (the view is that area already), and once per area. After the effect above, so that its
  // listener takes this move's moveend as the page's own. Searching as the map moves, the area then
  // becomes what the map shows, so the list and the map count the same listings.
  const shownArea = useRef<string | null>(null);
  useEffect(() => {
    if (!map || !bounds) return;
    if (shownArea.current === areaKey(bounds)) return;
    shownArea.current = areaKey(bounds);
    if (showsArea(viewOf(map), bounds)) return;
    // a hair inside the area: the view a reload comes back with (rounded to 5 decimals) fits at its
    // own zoom again, not one level out
    const inset = { lat: (bounds.north - bounds.south) / 100, lng: (bounds.east - bounds.west) / 100 };
    moveQuietly(() =>
      map.fitBounds(
        [
          [bounds.south + inset.lat, bounds.west + inset.lng],
          [bounds.north - inset.lat, bounds.east - inset.lng],
        ],
        { animate: false },
      ),
    );
    // searching as the map moves, the search area is what the map shows (at this screen's size)
    const shown = viewOf(map);
    if (latest.current.followMap && !sameArea(shown, bounds)) {
      shownArea.current = areaKey(shown);
      latest.current.onBoundsChange(shown);
    }
  }, [map, bounds, moveQuietly]);

  useEffect(() => () => clearTimeout(programmaticTimer.current), []);

  // The view the clusters are asked for: every move, the page's own included, once the map rests.
  useEffect(() => {
    if (!map) return;
    const later = (wait: number) => {
      clearTimeout(viewTimer.current);
      viewTimer.current = setTimeout(() => {
        setFitPending(false);
        setView(viewWithZoom(map));
      }, wait);
    };
    later(0);
    const onMoveEnd = () => later(CLUSTER_DEBOUNCE_MS);
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
      clearTimeout(viewTimer.current);
    };
  }, [map]);

  // A new search without an area asks for the whole country first, to fit the map to its matches'
  // extent; the view is asked for once the map has moved there (until then the question stays).
  const fitting = !bounds && fittedFor !== searchKey;
  const arg = clustersArg(filters, view, fitting || fitPending);
  // `data` keeps the last answer while the next one loads (no flicker); `currentData` is this question's only
  const { data: answer, currentData } = useGetListingClustersQuery(arg ?? skipToken);
  const [fitTo, setFitTo] = useState<{ key: string; target: ReturnType<typeof fitTarget> } | null>(null);
  if (fitting && currentData) {
    // adjusting state while rendering: the search is fitted once, whatever renders follow
    setFitPending(true);
    setFittedFor(searchKey);
    setFitTo({ key: searchKey, target: fitTarget(currentData) });
  }
  useEffect(() => {
    if (!map || !fitTo) return;
    if (fitTo.target) moveQuietly(() => map.fitBounds(fitTo.target!, { padding: [24, 24], maxZoom: 15, animate: false }));
    // the view is read once the move is done (a map that did not move sends no moveend)
    clearTimeout(viewTimer.current);
    viewTimer.current = setTimeout(() => {
      setFitPending(false);
      setView(viewWithZoom(map));
    }, 0);
  }, [map, fitTo, moveQuietly]);

  // what to draw: the view's answer; until it comes, the page's listings
  const shown = !fitting && !fitPending && answer ? answer : null;
  const badges = useMemo(
    () =>
      shown && map
        ? mergeOverlapping(shown.clusters, (lat, lng) => {
            const p = map.latLngToContainerPoint([lat, lng]);
            return [p.x, p.y];
          }, MIN_BADGE_DISTANCE)
        : [],
    // the view stands for the map's projection
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shown, map, view],
  );

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
      {shown && (
        <Typography variant="caption" color="text.secondary" data-testid="map-count" aria-live="polite">
          {shown.total === 0
            ? 'No listings in this part of the map'
            : `${shown.approximate ? 'About ' : ''}${shown.total.toLocaleString()} listing${shown.total === 1 ? '' : 's'} on the map`}
        </Typography>
      )}
      <BaseMap height={height} onReady={setMap} aria-label="Results map" data-testid="results-map">
        {shown && map
          ? [
              ...badges.map((c) => <ClusterMarker key={`c${c.lat},${c.lng}`} cluster={c} map={map} />),
              ...shown.pins.map((p: MapPin) => (
                <Marker key={p._id} position={[p.lat, p.lng]} title={p.name} alt={p.name}>
                  <PinPopup id={p._id} name={p.name} price={p.price} currency={p.currency} offer={p.offer} />
                </Marker>
              )),
            ]
          : listings.map((listing) => (
              <Marker key={listing._id} position={[listing.location.lat, listing.location.lng]} title={listing.name} alt={listing.name}>
                <PinPopup
                  id={listing._id}
                  name={listing.name}
                  price={listing.price}
                  currency={listing.currency}
                  offer={listing.offer}
                  address={shortAddress(listing)}
                />
              </Marker>
            ))}
      </BaseMap>
    </Stack>
  );
}
