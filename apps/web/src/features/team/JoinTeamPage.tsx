/** Joining an enterprise team from an invitation: being built (issue 15). */
export function JoinTeamPage() {
  return <main>Join team</main>;
}
