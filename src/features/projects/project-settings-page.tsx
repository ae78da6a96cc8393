/** Placeholder: filled by the feature's issue. */
export function ProjectSettingsPage() {
  return (
    <main className="page">
      <h1>Project settings</h1>
    </main>
  );
}
