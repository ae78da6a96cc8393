/** Placeholder: filled by the feature's issue. */
export function MediaItemPage() {
  return (
    <main className="page">
      <h1>Media item</h1>
    </main>
  );
}
