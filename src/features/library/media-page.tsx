/** Placeholder: filled by the feature's issue. */
export function MediaPage() {
  return (
    <main className="page">
      <h1>Media</h1>
    </main>
  );
}
