import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { fetchExportDownload, useApiClient } from '../../api';
import type { Export } from '../../contract';
import { QueryView } from '../../components/query-view';

/**
 * A finished export in a `<video>`, from a fresh signed link (Range works, so seeking does not
 * download the whole file). A link that expired while the page stayed open is asked for again
 * when the video fails, and playback resumes where it was.
 */
export function ExportPlayer({
  id,
  projectId,
  item,
  label,
}: {
  id: string;
  projectId: string;
  item: Export;
  label: string;
}) {
  const client = useApiClient();
  // The client is the signed-in session's; the whole cache is cleared when it changes.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  const link = useQuery({
    // Not under the project's key: refreshing the exports list must not reload the video.
    queryKey: ['karaoke', 'export-download', projectId, item.id],
    queryFn: ({ signal }) => fetchExportDownload(client, projectId, item.id, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
  const video = useRef<HTMLVideoElement>(null);
  const resumeAt = useRef(0);
  const retried = useRef(false);
  const [broken, setBroken] = useState(false);

  return (
    <QueryView query={link} loading="Loading the video…" failed="Could not load the video">
      {(data) => (
        <div className="export-player" id={id}>
          <video
            ref={video}
            src={data.url}
            controls
            preload="metadata"
            playsInline
            aria-label={`Video: ${label}`}
            onLoadedMetadata={() => {
              if (video.current && resumeAt.current > 0)
                video.current.currentTime = resumeAt.current;
            }}
            onError={() => {
              // Once: an expired link gets a new one; a file that still fails says so below.
              if (retried.current) return setBroken(true);
              retried.current = true;
              resumeAt.current = video.current?.currentTime ?? 0;
              void link.refetch();
            }}
          />
          {broken && (
            <p className="error-text" role="alert">
              This browser could not play the video. Download it to watch it in a player.
            </p>
          )}
        </div>
      )}
    </QueryView>
  );
}
