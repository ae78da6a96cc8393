export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="page-status" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}
