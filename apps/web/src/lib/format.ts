const pesoFormatter = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });

/** Formats an amount in Philippine pesos: formatPeso(1500) === "₱1,500.00". */
export function formatPeso(amount: number): string {
  return pesoFormatter.format(amount);
}
