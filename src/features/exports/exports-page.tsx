import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { exportsQuery, useApiClient } from '../../api';
import { EmptyState } from '../../components/empty-state';
import { ErrorNotice } from '../../components/error-notice';
import { Loading } from '../../components/loading';
import { ExportsTable } from './exports-table';
import { pageSizes, readPaging, writePaging } from './paging';
import './exports.css';

/** A project's exports, a page at a time; the page lives in the address so reload keeps it. */
export function ExportsPage() {
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { page, limit } = readPaging(params);
  const exports = useQuery({
    ...exportsQuery(useApiClient(), projectId, page, limit),
    placeholderData: keepPreviousData,
  });
  const go = (nextPage: number, nextLimit = limit) => setParams(writePaging(nextPage, nextLimit));
  const rows = exports.data ?? [];
  const hasNext = rows.length >= limit;

  return (
    <main className="page exports-page">
      <h2>Exports</h2>
      {exports.isPending ? (
        <Loading label="Loading exports…" />
      ) : exports.isError ? (
        <ErrorNotice
          error={exports.error}
          action="Could not load the exports"
          onRetry={() => void exports.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={page > 1 ? 'No exports on this page' : 'No exports yet'}>
          {page > 1 ? (
            <button type="button" onClick={() => go(1)}>
              Back to the first page
            </button>
          ) : (
            <p>Exports rendered for this project are listed here.</p>
          )}
        </EmptyState>
      ) : (
        <ExportsTable exports={rows} />
      )}
      <nav className="pager" aria-label="Exports pages">
        <button type="button" onClick={() => go(page - 1)} disabled={page <= 1}>
          Previous
        </button>
        <span aria-live="polite">
          Page {page}
          {exports.isPlaceholderData && ' (loading…)'}
        </span>
        <button
          type="button"
          onClick={() => go(page + 1)}
          disabled={!hasNext || exports.isPlaceholderData}
        >
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
    </main>
  );
}
