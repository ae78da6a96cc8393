import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { DataTable, type Column } from './data-table';

const rows = [
  { id: 'a', name: 'Ann', error: null },
  { id: 'b', name: 'Bob', error: 'failed' },
];

type Row = (typeof rows)[number];
const columns: Column<Row>[] = [
  { header: 'Name', cell: (row) => row.name },
  {
    header: 'Error',
    cell: (row) => row.error ?? '—',
    cellClass: (row) => (row.error ? 'error-text' : 'muted'),
  },
  { header: 'Actions', hidden: true, cell: (row) => <button>Delete {row.name}</button> },
];

/** The two rows drawn, with `row` when given. */
const renderTable = (row?: (r: Row, key: string) => ReactNode) =>
  render(<DataTable label="People" rows={rows} rowKey={(r) => r.id} columns={columns} row={row} />);

describe('DataTable', () => {
  it('is a named table with column headers and a cell per column, classes per row', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'People' });
    expect(table.className).toBe('data');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Error', 'Actions']);
    expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    expect(headers[2]?.querySelector('.visually-hidden')?.textContent).toBe('Actions');
    const body = within(table).getAllByRole('row').slice(1);
    expect(
      body.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Ann', '—', 'Delete Ann'],
      ['Bob', 'failed', 'Delete Bob'],
    ]);
    expect(within(body[1]!).getByText('failed').className).toBe('error-text');
    expect(within(body[0]!).getByText('—').className).toBe('muted');
  });

  it('draws whole rows with `row` when a row has state of its own', () => {
    renderTable((row, key) => (
      <tr key={key} data-testid={key}>
        <td>{row.name.toUpperCase()}</td>
      </tr>
    ));
    expect(screen.getByTestId('b').textContent).toBe('BOB');
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('says `empty` instead of a table when there are no rows', () => {
    render(
      <DataTable
        label="People"
        rows={[]}
        rowKey={(r: Row) => r.id}
        columns={columns}
        empty="Nobody."
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Nobody.').className).toBe('muted');
  });
});
