import type { Export } from '../../contract';
import { formatBytes, formatDate } from '../projects/format';
import { StatusBadge } from '../tasks/status-badge';

const show = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

export function ExportsTable({ exports }: { exports: readonly Export[] }) {
  return (
    <table className="data" aria-label="Exports">
      <thead>
        <tr>
          <th scope="col">Status</th>
          <th scope="col">Resolution</th>
          <th scope="col">Quality</th>
          <th scope="col">FPS</th>
          <th scope="col">Size</th>
          <th scope="col">Transparent</th>
          <th scope="col">Render mode</th>
          <th scope="col">Backend</th>
          <th scope="col">Created</th>
          <th scope="col">Updated</th>
        </tr>
      </thead>
      <tbody>
        {exports.map((item) => (
          <tr key={item.id}>
            <td>
              <StatusBadge status={item.status} />
            </td>
            <td>{show(item.resolution)}</td>
            <td>{show(item.quality)}</td>
            <td>{show(item.fps)}</td>
            <td>{typeof item.fileSize === 'number' ? formatBytes(item.fileSize) : '—'}</td>
            <td>
              {item.transparent === null || item.transparent === undefined
                ? '—'
                : item.transparent
                  ? 'Yes'
                  : 'No'}
            </td>
            <td>{show(item.renderMode)}</td>
            <td>{show(item.renderBackend)}</td>
            <td>{formatDate(item.createdAt)}</td>
            <td>{formatDate(item.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
