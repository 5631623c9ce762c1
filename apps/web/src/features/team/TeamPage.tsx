/** The member's enterprise team: being built (issue 15). */
export function TeamPage() {
  return <main>Team</main>;
}
