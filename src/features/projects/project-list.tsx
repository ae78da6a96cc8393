import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ProjectListEntry } from '../../contract';

const ROW_HEIGHT = 48;

/** Only the rows in view are in the DOM, so 1,000 projects scroll and filter smoothly. */
export function ProjectList({ projects }: { projects: readonly ProjectListEntry[] }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(listRef.current?.offsetTop ?? 0);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: projects.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin: offset,
  });
  return (
    <ul
      ref={listRef}
      className="project-list"
      aria-label="Projects"
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const project = projects[row.index];
        if (!project) return null;
        return (
          <li
            key={project.id}
            className="project-row"
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              height: ROW_HEIGHT,
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            <Link to={`/projects/${encodeURIComponent(project.id)}`}>{project.title}</Link>
            <span className="row-links">
              <Link
                to={`/projects/${encodeURIComponent(project.id)}/tasks`}
                aria-label={`Tasks of ${project.title}`}
              >
                Tasks
              </Link>
              <Link
                to={`/projects/${encodeURIComponent(project.id)}/exports`}
                aria-label={`Exports of ${project.title}`}
              >
                Exports
              </Link>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
