/** Placeholder: filled by the feature's issue. */
export function NewProjectPage() {
  return (
    <main className="page">
      <h1>New project</h1>
    </main>
  );
}
