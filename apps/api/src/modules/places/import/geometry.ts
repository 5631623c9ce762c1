/** Plane geometry on small areas of the Earth, good to a fraction of a percent at barangay and city scale. */

type Position = number[];
type Ring = Position[];
type Polygon = Ring[];

const KM_PER_DEG_LAT = 110.574;
const KM_PER_DEG_LNG_AT_EQUATOR = 111.32;

/** Signed area (deg²) and centroid of one ring, by the shoelace formula. */
function ringMoments(ring: Ring): { area: number; cx: number; cy: number } {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1, y1] = ring[j];
    const [x2, y2] = ring[i];
    const cross = x1 * y2 - x2 * y1;
    a += cross;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  a /= 2;
  return a === 0 ? { area: 0, cx: 0, cy: 0 } : { area: a, cx: cx / (6 * a), cy: cy / (6 * a) };
}

/**
 * Area-weighted centroid and area (km²) of a GeoJSON Polygon or MultiPolygon given as its polygons.
 * Holes are subtracted whatever their winding. Answers null for an empty or degenerate shape.
 */
export function polygonCentroid(polygons: Polygon[]): { lat: number; lng: number; areaKm2: number } | null {
  let area = 0;
  let sx = 0;
  let sy = 0;
  const vertices: Position[] = [];
  for (const polygon of polygons) {
    polygon.forEach((ring, i) => {
      if (!Array.isArray(ring) || ring.length < 3) return;
      vertices.push(...ring);
      const m = ringMoments(ring);
      const w = Math.abs(m.area) * (i === 0 ? 1 : -1);
      area += w;
      sx += m.cx * w;
      sy += m.cy * w;
    });
  }
  if (!vertices.length) return null;
  let lng: number;
  let lat: number;
  if (area > 0) {
    lng = sx / area;
    lat = sy / area;
  } else {
    lng = vertices.reduce((s, v) => s + v[0], 0) / vertices.length;
    lat = vertices.reduce((s, v) => s + v[1], 0) / vertices.length;
  }
  const kmPerDegLng = KM_PER_DEG_LNG_AT_EQUATOR * Math.cos((lat * Math.PI) / 180);
  return { lat, lng, areaKm2: Math.max(area, 0) * kmPerDegLng * KM_PER_DEG_LAT };
}
