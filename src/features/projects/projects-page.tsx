import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { projectsQuery, useApiClient } from '../../api';
import { EmptyState } from '../../components/empty-state';
import { QueryView } from '../../components/query-view';
import { ProjectList } from './project-list';
import './projects.css';

/** Home: the projects, newest first (the service's order), with a filter box. */
export function ProjectsPage() {
  const projects = useQuery(projectsQuery(useApiClient()));
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const shown = useMemo(() => {
    const needle = deferredFilter.trim().toLocaleLowerCase();
    const all = projects.data ?? [];
    return needle ? all.filter((p) => p.title.toLocaleLowerCase().includes(needle)) : all;
  }, [projects.data, deferredFilter]);

  return (
    <main className="page">
      <div className="page-heading">
        <h1>Projects</h1>
        <Link to="/projects/new" className="button primary">
          New project
        </Link>
      </div>
      <QueryView
        query={projects}
        loading="Loading projects…"
        failed="Could not load your projects"
        empty={
          <EmptyState title="No projects yet">
            <p>
              Start from an audio or video file: the service separates the vocals and syncs lyrics.
            </p>
            <Link to="/projects/new" className="button primary">
              New project
            </Link>
          </EmptyState>
        }
      >
        {(all) => (
          <>
            <label className="filter">
              Filter projects
              <input
                type="search"
                value={filter}
                placeholder="Title contains…"
                onChange={(event) => setFilter(event.target.value)}
              />
            </label>
            <p className="muted" aria-live="polite">
              {shown.length === all.length
                ? `${shown.length} project${shown.length === 1 ? '' : 's'}`
                : `${shown.length} of ${all.length} projects`}
            </p>
            {shown.length === 0 ? (
              <EmptyState title="No project matches">
                <button type="button" onClick={() => setFilter('')}>
                  Clear the filter
                </button>
              </EmptyState>
            ) : (
              <ProjectList projects={shown} />
            )}
          </>
        )}
      </QueryView>
    </main>
  );
}
