import { describe, expect, it } from 'vitest';
import { clipToPhilippines, clusterSize, clusterTarget, clustersArg, EXTENT_ZOOM, fitTarget, formatCount, mergeOverlapping, PHILIPPINES_BOX, type ClustersAnswer } from './map-clusters';

const view = { bounds: { north: 14.7, south: 14.5, east: 121.1, west: 120.9 }, zoom: 12.4 };

describe('the search map’s clusters', () => {
  it('asks for the whole country while a new search waits to be fitted, then for the map’s view', () => {
    const filters = { fuzzySearch: 'makati', match: { type: ['land'] }, sort: '-createdAt', limit: 10, skip: 20, bounds: view.bounds };
    expect(clustersArg(filters, view, true)).toEqual({
      listingClustersQueryDto: { fuzzySearch: 'makati', match: { type: ['land'] }, bounds: PHILIPPINES_BOX, zoom: EXTENT_ZOOM },
    });
    expect(clustersArg(filters, view, false)).toEqual({
      listingClustersQueryDto: { fuzzySearch: 'makati', match: { type: ['land'] }, bounds: view.bounds, zoom: 12 },
    });
    expect(clustersArg({}, null, false)).toBeNull();
  });

  it('cuts a zoomed-out view to the Philippines, and asks nothing for a view off it', () => {
    expect(clipToPhilippines({ north: 60, south: -20, east: 170, west: 80 })).toEqual(PHILIPPINES_BOX);
    expect(clipToPhilippines({ north: 40, south: 30, east: 140, west: 130 })).toBeNull();
    expect(clustersArg({}, { bounds: { north: 40, south: 30, east: 140, west: 130 }, zoom: 6 }, false)).toBeNull();
  });

  it('sizes badges by count and shortens big counts', () => {
    expect(clusterSize(1)).toBe(26);
    expect(clusterSize(100)).toBe(36);
    expect(clusterSize(10_000_000)).toBe(46);
    expect([7, 950, 1234, 9999, 12_345, 353_872, 1_250_000].map(formatCount)).toEqual(['7', '950', '1.2k', '9.9k', '12k', '353k', '1.2M']);
  });

  it('zooms a clicked cluster to its listings, or closer when they share one spot', () => {
    const spread = { lat: 14.6, lng: 121, count: 40, bounds: { south: 14.5, north: 14.7, west: 120.9, east: 121.1 } };
    expect(clusterTarget(spread, 10)).toEqual({ fit: [[14.5, 120.9], [14.7, 121.1]] });
    const spot = { lat: 14.6, lng: 121, count: 3, bounds: { south: 14.6, north: 14.6, west: 121, east: 121 } };
    expect(clusterTarget(spot, 17)).toEqual({ center: [14.6, 121], zoom: 19 });
  });

  it('fits a new search to its matches’ extent, and leaves the map when there are none', () => {
    const answer = { extent: { south: 10, north: 11, west: 122, east: 123 } } as ClustersAnswer;
    expect(fitTarget(answer)).toEqual([[10, 122], [11, 123]]);
    expect(fitTarget({ ...answer, extent: null })).toBeNull();
    expect(fitTarget(undefined)).toBeNull();
  });
});

describe('clusters that would overlap on screen', () => {
  const at = (lat: number, lng: number, count: number) => ({ lat, lng, count, bounds: { south: lat, north: lat, west: lng, east: lng } });
  // 1° = 10 px
  const project = (lat: number, lng: number): [number, number] => [lng * 10, -lat * 10];

  it('merge into the larger one, keeping the total, a count-weighted centre and the joined extent', () => {
    const merged = mergeOverlapping([at(10, 120, 10), at(10, 121, 30), at(10, 130, 5)], project, 20);
    expect(merged).toEqual([
      { lat: 10, lng: 120.75, count: 40, bounds: { south: 10, north: 10, west: 120, east: 121 } },
      at(10, 130, 5),
    ]);
    expect(mergeOverlapping([at(10, 120, 10), at(10, 125, 30)], project, 20)).toHaveLength(2);
  });
});
