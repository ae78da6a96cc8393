import { useState } from 'react';
import { Link } from 'react-router';
import { isStuck } from '../../api';
import type { MediaItem } from '../../contract';
import { formatDate } from '../../components/format';
import { StatusBadge } from '../../components/status-badge';
import { mediaName, mediaSize, mediaTypeName } from './media-labels';

export function MediaCard({ item, onDelete }: { item: MediaItem; onDelete: () => void }) {
  const name = mediaName(item);
  const [now] = useState(() => Date.now());
  const stuck = isStuck(item, now);
  return (
    <li className="media-card">
      <div className="media-preview">
        {item.previewUrl ? (
          <img src={item.previewUrl} alt={`Preview of the ${name.toLowerCase()}`} loading="lazy" />
        ) : (
          <span className="muted">
            {stuck ? 'No progress' : item.status === 'processing' ? 'Processing…' : 'No preview'}
          </span>
        )}
      </div>
      <div className="media-info">
        <strong>{mediaTypeName(item.type)}</strong> <StatusBadge status={item.status} />
        <span className="muted">Size {mediaSize(item)}</span>
        <span className="muted">Added {formatDate(item.createdAt)}</span>
        {item.error && <span className="error-text">{item.error}</span>}
        {stuck && (
          <span className="muted">No change since {formatDate(item.updatedAt)}: may be stuck</span>
        )}
      </div>
      <div className="row-actions">
        <Link to={`/media/${encodeURIComponent(item.id)}`} aria-label={`Open ${name}`}>
          Open
        </Link>
        <button type="button" className="danger" aria-label={`Delete ${name}`} onClick={onDelete}>
          Delete
        </button>
      </div>
    </li>
  );
}
