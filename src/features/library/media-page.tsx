import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isStuck, mediaQuery, stillProcessing, useApiClient, useDeleteMedia } from '../../api';
import type { MediaItem } from '../../contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorNotice } from '../../components/error-notice';
import { QueryView } from '../../components/query-view';
import { MediaCard } from './media-card';
import { mediaName } from './media-labels';
import { useConfirmedDelete } from './use-confirmed-delete';
import './library.css';

/** The media library; items still processing refresh until they settle (mediaQuery polls). */
export function MediaPage() {
  const media = useQuery(mediaQuery(useApiClient()));
  const remove = useDeleteMedia();
  const deletion = useConfirmedDelete<MediaItem>(remove);
  // Read once per render: a stuck item (no change for 30 min) is said to be, and not waited for.
  const [now] = useState(() => Date.now());
  const processing = stillProcessing(media.data ?? [], now).length;
  const stuck = media.data?.filter((item) => isStuck(item, now)).length ?? 0;

  return (
    <main className="page">
      <h1>Media</h1>
      <p className="muted">
        Logos, images and intro or outro videos used in your karaoke videos.
        {processing > 0 && ` ${processing} still processing: this page refreshes on its own.`}
      </p>
      {stuck > 0 && (
        <p className="notice notice-warn" role="status">
          {stuck === 1 ? '1 item has' : `${stuck} items have`} shown no progress for over 30
          minutes: the service may have stopped processing {stuck === 1 ? 'it' : 'them'}. This page
          no longer refreshes for {stuck === 1 ? 'it' : 'them'}; delete and add again, or{' '}
          <button type="button" onClick={() => void media.refetch()}>
            Check again
          </button>
        </p>
      )}
      {remove.isError && <ErrorNotice error={remove.error} action="The item was not deleted" />}
      <QueryView
        query={media}
        loading="Loading media…"
        failed="Could not load your media"
        empty={
          <EmptyState title="No media">
            <p>Media added in the service&apos;s apps appear here.</p>
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="media-grid" aria-label="Media items">
            {data.map((item) => (
              <MediaCard key={item.id} item={item} onDelete={() => deletion.ask(item)} />
            ))}
          </ul>
        )}
      </QueryView>
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete media"
        message={`Delete the ${deletion.deleting ? mediaName(deletion.deleting).toLowerCase() : 'item'}? Videos that use it lose it; this cannot be undone.`}
        confirmLabel="Delete media"
      />
    </main>
  );
}
