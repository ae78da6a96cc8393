/** Placeholder: filled by the feature's issue. */
export function ProjectsPage() {
  return (
    <main className="page">
      <h1>Projects</h1>
    </main>
  );
}
