/** Placeholder: filled by the feature's issue. */
export function ProjectTasksPage() {
  return (
    <main className="page">
      <h1>Tasks</h1>
    </main>
  );
}
