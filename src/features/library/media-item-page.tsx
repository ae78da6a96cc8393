import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isStuck, mediaItemQuery, useApiClient, useDeleteMedia } from '../../api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorNotice } from '../../components/error-notice';
import { QueryView } from '../../components/query-view';
import { formatDate } from '../../components/format';
import { StatusBadge } from '../../components/status-badge';
import { mediaName, mediaSize, mediaTypeName } from './media-labels';
import { useConfirmedDelete } from './use-confirmed-delete';
import './library.css';

export function MediaItemPage() {
  const { mediaId = '' } = useParams();
  const item = useQuery(mediaItemQuery(useApiClient(), mediaId));
  const [now] = useState(() => Date.now());
  const remove = useDeleteMedia();
  const navigate = useNavigate();
  const deletion = useConfirmedDelete(remove, {
    onDeleted: () => void navigate('/media', { replace: true }),
  });

  return (
    <QueryView
      query={item}
      loading="Loading the media item…"
      failed="Could not load this media item"
      page
      afterError={<Link to="/media">Back to media</Link>}
    >
      {(media) => (
        <main className="page media-item">
          <p>
            <Link to="/media">← All media</Link>
          </p>
          <h1>{mediaName(media)}</h1>
          {media.previewUrl && (
            <img
              className="media-large"
              src={media.previewUrl}
              alt={`Preview of the ${mediaName(media).toLowerCase()}`}
            />
          )}
          <dl className="facts">
            <dt>Type</dt>
            <dd>{mediaTypeName(media.type)}</dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={media.status} />
              {media.status === 'processing' && !isStuck(media, now) && (
                <span className="muted"> (refreshing)</span>
              )}
            </dd>
            <dt>Size</dt>
            <dd>{mediaSize(media)}</dd>
            <dt>Added</dt>
            <dd>{formatDate(media.createdAt)}</dd>
            <dt>Updated</dt>
            <dd>{formatDate(media.updatedAt)}</dd>
            <dt>File</dt>
            <dd>{media.url ? <a href={media.url}>Download the file</a> : '—'}</dd>
            {media.error && (
              <>
                <dt>Error</dt>
                <dd className="error-text">{media.error}</dd>
              </>
            )}
          </dl>
          {remove.isError && <ErrorNotice error={remove.error} action="The item was not deleted" />}
          <button type="button" className="danger" onClick={() => deletion.ask(media)}>
            Delete this item
          </button>
          <ConfirmDialog
            {...deletion.dialog}
            title="Delete media"
            message="Delete this item? Videos that use it lose it; this cannot be undone."
            confirmLabel="Delete media"
          />
        </main>
      )}
    </QueryView>
  );
}
