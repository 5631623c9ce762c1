/** Identity verification review (issue 15): being built. */
export function KycQueuePage() {
  return <div>Identity verification</div>;
}

export function KycReviewPage() {
  return <div>Identity verification review</div>;
}
