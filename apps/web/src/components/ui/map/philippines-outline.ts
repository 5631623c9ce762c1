/**
 * The outline of the Philippines (ISO 3166 numeric 608) from world-atlas' 1:50m TopoJSON, converted to
 * GeoJSON with topojson-client. The atlas is loaded on first use (its own chunk) and kept in memory.
 */
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export const PHILIPPINES_ID = '608';

export type CountryOutline = Feature<Polygon | MultiPolygon, { name?: string }>;

/** Extracts one country from a world-atlas countries topology. */
export function countryOutline(topology: Topology, id: string = PHILIPPINES_ID): CountryOutline | null {
  const countries = topology.objects.countries as GeometryCollection<{ name?: string }> | undefined;
  const geometry = countries?.geometries.find((g) => String(g.id) === id);
  if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) return null;
  return feature(topology, geometry) as CountryOutline;
}

let outline: Promise<CountryOutline | null> | null = null;

export function loadPhilippinesOutline(): Promise<CountryOutline | null> {
  outline ??= import('world-atlas/countries-50m.json')
    .then((mod) => countryOutline((mod.default ?? mod) as unknown as Topology))
    .catch(() => {
      outline = null; // try again next time
      return null;
    });
  return outline;
}
