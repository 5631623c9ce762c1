/** The member's identity verification (KYC) and PRC licence: being built (issue 15). */
export function VerificationPage() {
  return <main>Verification</main>;
}
