import type { ReactNode } from 'react';

export interface Column<T> {
  /** The column's header; `hidden` keeps it for screen readers only (e.g. "Actions"). */
  header: string;
  hidden?: boolean;
  /** The cell of a row (not needed when the table's `row` draws whole rows). */
  cell?: (row: T) => ReactNode;
  /** A class for the cell of a row, e.g. an error colour. */
  cellClass?: (row: T) => string | undefined;
}

interface Props<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** A whole `<tr>` of a row, for rows with state of their own (an inline rename form). */
  row?: (row: T, key: string) => ReactNode;
  /** Said (muted) instead of the table when there are no rows, e.g. "No top-ups.". */
  empty?: string;
}

/** The app's data table (`table.data`): named, one header row of column headers, a row each. */
export function DataTable<T>({ label, columns, rows, rowKey, row, empty }: Props<T>) {
  if (empty !== undefined && rows.length === 0) return <p className="muted">{empty}</p>;
  return (
    <table className="data" aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.hidden ? (
                <span className="visually-hidden">{column.header}</span>
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((item) =>
          row ? (
            row(item, rowKey(item))
          ) : (
            <tr key={rowKey(item)}>
              {columns.map((column) => (
                <td key={column.header} className={column.cellClass?.(item)}>
                  {column.cell?.(item)}
                </td>
              ))}
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}
