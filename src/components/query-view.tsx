import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorNotice } from './error-notice';
import { Loading } from './loading';

interface Props<T, E> {
  query: UseQueryResult<T, E>;
  /** The spinner's text while nothing has come yet, e.g. "Loading presets…". */
  loading: string;
  /** What failed, before the service's reason, e.g. "Could not load your presets". */
  failed: string;
  /** Shown instead of `children` when the data is empty (an empty list, or `isEmpty`). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** A whole page's query: the error stands in a `<main className="page">` of its own. */
  page?: boolean;
  /** Shown after the error, e.g. a way back. */
  afterError?: ReactNode;
  children: (data: T) => ReactNode;
}

const emptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * One query's states, as every page shows them: a spinner until the first answer, the error with
 * "Try again" (a refetch), the empty state when there is nothing, else `children` with the data.
 */
export function QueryView<T, E>({
  query,
  loading,
  failed,
  empty,
  isEmpty = emptyList,
  page = false,
  afterError,
  children,
}: Props<T, E>) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.isError) {
    const notice = (
      <>
        <ErrorNotice error={query.error} action={failed} onRetry={() => void query.refetch()} />
        {afterError}
      </>
    );
    return page ? <main className="page">{notice}</main> : notice;
  }
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
