import { describe, expect, it } from 'vitest';
import type { Position } from 'geojson';
import { countryOutline, loadPhilippinesOutline } from './philippines-outline';

describe('outline of the Philippines', () => {
  it('is read from world-atlas countries-50m (id 608) as a GeoJSON multipolygon inside the country', async () => {
    const outline = await loadPhilippinesOutline();
    expect(outline).not.toBeNull();
    expect(outline!.properties?.name).toBe('Philippines');
    expect(outline!.geometry.type).toBe('MultiPolygon');
    const points = (outline!.geometry.coordinates as Position[][][]).flat(2);
    expect(points.length).toBeGreaterThan(500);
    const lngs = points.map((p) => p[0]);
    const lats = points.map((p) => p[1]);
    expect(Math.min(...lngs)).toBeGreaterThan(116);
    expect(Math.max(...lngs)).toBeLessThan(127);
    expect(Math.min(...lats)).toBeGreaterThan(4);
    expect(Math.max(...lats)).toBeLessThan(22);
  });

  it('the bundle carries the Philippines alone (the build keeps only id 608 and its arcs)', async () => {
    const atlas = (await import('world-atlas/countries-50m.json')).default as unknown as {
      objects: { countries: { geometries: { id: string }[] } };
    };
    expect(atlas.objects.countries.geometries.map((g) => g.id)).toEqual(['608']);
  });

  it('answers null for a country the topology does not have', async () => {
    const atlas = (await import('world-atlas/countries-50m.json')).default as unknown as Parameters<typeof countryOutline>[0];
    expect(countryOutline(atlas, '356')).toBeNull();
  });
});
