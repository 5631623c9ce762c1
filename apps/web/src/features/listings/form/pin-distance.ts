/** Great-circle distance in km (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The smallest distance from a barangay's centre that asks the owner to confirm the pin. */
export const PIN_CHECK_MIN_KM = 3;

/**
 * How far from the barangay's centre a pin may be without asking: 3 km, or for a big (rural) barangay
 * twice the radius of a circle of its area, since its centroid can be several km from its edge
 * (a 100 km² barangay: about 11 km). City barangays are 0.1–3 km², so 3 km is well beyond their edge.
 */
export function pinCheckRadiusKm(areaKm2: number | null | undefined): number {
  if (!areaKm2 || areaKm2 <= 0) return PIN_CHECK_MIN_KM;
  return Math.max(PIN_CHECK_MIN_KM, 2 * Math.sqrt(areaKm2 / Math.PI));
}
