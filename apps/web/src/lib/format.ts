const numberFormatter = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 2 });

/** Square metres: formatArea(120.5) === "120.5 m²". */
export function formatArea(squareMetres: number): string {
  return `${numberFormatter.format(squareMetres)} m²`;
}

/** Distances for "areas nearby": "350 m" under a kilometre, else "1.2 km". */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toFixed(1)} km`;
}
