import type { Project } from '../../contract';
import { formatDate, formatDuration } from '../../components/format';

/** What the tasks produced: alignments (the selected one marked) and stems. */
export function ProjectResults({ project }: { project: Project }) {
  const alignments = [...project.alignments].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <section className="project-results" aria-label="Results">
      <h2>Alignments ({alignments.length})</h2>
      {alignments.length === 0 ? (
        <p className="muted">No alignment yet: a lyrics sync makes one.</p>
      ) : (
        <ul aria-label="Alignments">
          {alignments.map((alignment) => (
            <li key={alignment.id}>
              {alignment.name ?? alignment.model} · {formatDate(alignment.createdAt)} ·{' '}
              {alignment.alignment.items.length} items
              {alignment.selected && <span className="badge">active</span>}
            </li>
          ))}
        </ul>
      )}
      <h2>Stems ({project.stems.length})</h2>
      {project.stems.length === 0 ? (
        <p className="muted">No stems yet: a stem separation makes them.</p>
      ) : (
        <ul aria-label="Stems">
          {project.stems.map((stem) => (
            <li key={stem.id}>
              {stem.type} · {stem.model} · {formatDuration(stem.duration)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
