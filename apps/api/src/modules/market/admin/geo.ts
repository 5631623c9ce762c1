/** Great-circle distance in km (haversine, mean Earth radius 6,371 km). */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The latitude/longitude half-widths (degrees) of a box that holds every point within `km` of `lat`. */
export function boxAround(lat: number, km: number): { dLat: number; dLng: number } {
  const dLat = km / 111.32;
  const dLng = km / (111.32 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return { dLat, dLng };
}

/**
 * The Philippines' bounding box (with its seas: Batanes to Tawi-Tawi, Palawan to Davao Oriental),
 * the check that a given project location is in the country.
 */
export const PH_BOUNDS = { minLat: 4.2, maxLat: 21.3, minLng: 116.0, maxLng: 127.0 } as const;

export const insidePhilippines = (lat: number, lng: number) =>
  lat >= PH_BOUNDS.minLat && lat <= PH_BOUNDS.maxLat && lng >= PH_BOUNDS.minLng && lng <= PH_BOUNDS.maxLng;

export const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};
