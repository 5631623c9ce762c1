/** PRC licence review (issue 15): being built. */
export function LicencesPage() {
  return <div>Licences</div>;
}

export function LicenceReviewPage() {
  return <div>Licence review</div>;
}
