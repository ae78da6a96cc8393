/** Placeholder: filled by the feature's issue. */
export function ExportsPage() {
  return (
    <main className="page">
      <h1>Exports</h1>
    </main>
  );
}
