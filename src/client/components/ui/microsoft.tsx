/** Microsoft's four squares, as its sign-in buttons show them. */
export function MicrosoftLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 21 21" className="size-4">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}

/**
 * What Microsoft's callback said (`?microsoft=`) when the sign-in there did not finish, in the person's
 * words, or null; `again` is what to do once more ('sign in with Microsoft again').
 */
export function microsoftProblem(outcome: string | null, again: string): string | null {
  if (outcome === 'failed') return 'Microsoft could not confirm that sign-in. Please try again.';
  if (outcome === 'cancelled') return 'The sign-in at Microsoft was cancelled.';
  if (outcome === 'expired') return `That sign-in took too long. Please ${again}.`;
  return null;
}
