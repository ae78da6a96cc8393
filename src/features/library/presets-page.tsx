/** Placeholder: filled by the feature's issue. */
export function PresetsPage() {
  return (
    <main className="page">
      <h1>Presets</h1>
    </main>
  );
}
