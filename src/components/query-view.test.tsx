import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryView } from './query-view';

/** The fields QueryView reads of a query result, in one of its states. */
function query<T>(state: Partial<UseQueryResult<T, Error>>): UseQueryResult<T, Error> {
  return {
    isPending: false,
    isError: false,
    refetch: vi.fn(),
    ...state,
  } as unknown as UseQueryResult<T, Error>;
}

const view = (q: UseQueryResult<string[], Error>, page = false) =>
  render(
    <QueryView
      query={q}
      loading="Loading things…"
      failed="Could not load the things"
      empty={<p>Nothing here</p>}
      page={page}
      afterError={page ? <a href="/things">Back to things</a> : undefined}
    >
      {(data) => (
        <ul aria-label="Things">
          {data.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
    </QueryView>,
  );

describe('QueryView', () => {
  it('shows the spinner until the first answer', () => {
    view(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toContain('Loading things…');
  });

  it('shows the error with what failed, and Try again refetches', () => {
    const refetch = vi.fn();
    view(query({ isError: true, error: new Error('boom'), refetch }));
    expect(screen.getByRole('alert').textContent).toContain('Could not load the things');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('puts a page query error in a main landmark of its own', () => {
    view(query({ isError: true, error: new Error('boom') }), true);
    const main = screen.getByRole('main');
    expect(main.querySelector('[role="alert"]')).not.toBeNull();
    expect(main.querySelector('a')?.textContent).toBe('Back to things');
  });

  it('shows the empty state for an empty list, else the data', () => {
    view(query({ data: [] }));
    expect(screen.getByText('Nothing here')).toBeTruthy();
    cleanup();
    view(query({ data: ['a', 'b'] }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);
    expect(screen.queryByText('Nothing here')).toBeNull();
  });
});
