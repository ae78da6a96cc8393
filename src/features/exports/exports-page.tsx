import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { exportsQuery, projectQuery, useApiClient } from '../../api';
import { EmptyState } from '../../components/empty-state';
import { QueryView } from '../../components/query-view';
import { ExportList } from './export-list';
import { pageSizes, readPaging, writePaging } from './paging';
import { RenderVideoDialog } from './render-video-dialog';
import './exports.css';

/**
 * A project's exports, a page at a time (the page lives in the address so reload keeps it):
 * "Render video", each export's live status and progress, Download, a player, Cancel and Retry.
 * `?export=<id>` or `?task=<id>` (a notice's link) focuses that export and opens its player.
 */
export function ExportsPage() {
  const { projectId = '' } = useParams();
  const client = useApiClient();
  const [params, setParams] = useSearchParams();
  const { page, limit } = readPaging(params);
  const highlight = { exportId: params.get('export'), taskId: params.get('task') };
  const exports = useQuery({
    ...exportsQuery(client, projectId, page, limit),
    placeholderData: keepPreviousData,
  });
  const project = useQuery(projectQuery(client, projectId));
  const [rendering, setRendering] = useState(false);
  const [started, setStarted] = useState(false);
  const go = (nextPage: number, nextLimit = limit) => setParams(writePaging(nextPage, nextLimit));
  const rows = exports.data ?? [];

  return (
    <main className="page exports-page">
      <div className="exports-head">
        <h2>Exports</h2>
        <button
          type="button"
          className="primary"
          onClick={() => setRendering(true)}
          disabled={!project.data}
          aria-haspopup="dialog"
        >
          Render video…
        </button>
      </div>
      {project.data && (
        <RenderVideoDialog
          open={rendering}
          onClose={() => setRendering(false)}
          project={project.data}
          onStarted={() => {
            setStarted(true);
            if (page !== 1) go(1);
          }}
        />
      )}
      {started && (
        <p className="notice notice-ok" role="status">
          The render was started. Its progress shows below; you may leave this page, a notice says
          when it is done.
        </p>
      )}
      <QueryView
        query={exports}
        loading="Loading exports…"
        failed="Could not load the exports"
        empty={<NoExports page={page} onFirstPage={() => go(1)} />}
      >
        {(data) => (
          <ExportList
            projectId={projectId}
            projectTitle={project.data?.title ?? 'karaoke'}
            exports={data}
            highlight={highlight}
          />
        )}
      </QueryView>
      <ExportsPager
        page={page}
        limit={limit}
        hasNext={rows.length >= limit}
        loading={exports.isPlaceholderData}
        go={go}
      />
    </main>
  );
}

function NoExports({ page, onFirstPage }: { page: number; onFirstPage: () => void }) {
  return (
    <EmptyState title={page > 1 ? 'No exports on this page' : 'No exports yet'}>
      {page > 1 ? (
        <button type="button" onClick={onFirstPage}>
          Back to the first page
        </button>
      ) : (
        <p>“Render video…” makes a karaoke video of this project with its style.</p>
      )}
    </EmptyState>
  );
}

/** Previous / Next and the page size; the page lives in the address. */
function ExportsPager({
  page,
  limit,
  hasNext,
  loading,
  go,
}: {
  page: number;
  limit: number;
  hasNext: boolean;
  /** The next page is on its way (the rows shown are the previous page's). */
  loading: boolean;
  go: (page: number, limit?: number) => void;
}) {
  return (
    <nav className="pager" aria-label="Exports pages">
      <button type="button" onClick={() => go(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page}
        {loading && ' (loading…)'}
      </span>
      <button type="button" onClick={() => go(page + 1)} disabled={!hasNext || loading}>
        Next
      </button>
      <label className="per-page">
        Per page
        <select value={limit} onChange={(event) => go(1, Number(event.target.value))}>
          {pageSizes(limit).map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
