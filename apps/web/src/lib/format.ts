const pesoFormatter = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });

/** Formats an amount in Philippine pesos: formatPeso(1500) === "₱1,500.00". */
export function formatPeso(amount: number): string {
  return pesoFormatter.format(amount);
}

const wholePesoFormatter = new Intl.NumberFormat('en-PH', {
  style: 'currency',
  currency: 'PHP',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** Whole pesos, for ranges and labels: formatPesoWhole(50000) === "₱50,000". */
export function formatPesoWhole(amount: number): string {
  return wholePesoFormatter.format(amount);
}

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
