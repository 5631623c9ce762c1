/** Enterprise accounts (issue 15): being built. */
export function EnterprisesPage() {
  return <div>Enterprises</div>;
}

export function EnterprisePage() {
  return <div>Enterprise</div>;
}
