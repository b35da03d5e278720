/** A centred spinner with its label, announced politely to screen readers. */
export function Spinner({ label, testId }: { label: string; testId?: string }) {
  return (
    <div className="spinner-screen" role="status" data-testid={testId}>
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
