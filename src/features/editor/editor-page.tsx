/** Placeholder: filled by the feature's issue. */
export function EditorPage() {
  return (
    <main className="page">
      <h1>Editor</h1>
    </main>
  );
}
