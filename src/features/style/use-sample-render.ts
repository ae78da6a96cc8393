import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type RefObject } from 'react';
import { newIdempotencyKey, queryKeys, taskQuery, useApiClient } from '../../api';
import type { Project } from '../../contract';
import { sampleRange, sampleRequest, sampleRunning, type Sample } from './sample';

/**
 * A 10-second sample render: saves first when asked (`beforeRender`), starts the export, follows
 * its task and fetches the video's download link once it is made.
 */
export function useSampleRender(
  project: Project,
  alignmentId: string | undefined,
  beforeRender: (() => Promise<boolean>) | undefined,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [sample, setSample] = useState<Sample | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const task = useQuery({
    ...taskQuery(client, sample?.taskId ?? '', project.id),
    enabled: !!sample,
  });
  const status = task.data?.status;
  const exportId =
    task.data?.output && 'exportId' in task.data.output ? task.data.output.exportId : undefined;

  useEffect(() => {
    if (status !== 'completed' || !exportId) return;
    let live = true;
    client
      .request('getExportDownload', { params: { projectId: project.id, exportId } })
      .then((d) => live && setUrl(d.url))
      .catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
    };
  }, [client, exportId, project.id, status]);

  const render = async (start: number, duration: number) => {
    setError(null);
    setUrl(null);
    setStarting(true);
    try {
      if (beforeRender && !(await beforeRender())) return;
      const range = sampleRange(start, duration);
      const started = await client.request('createExport', {
        params: { projectId: project.id },
        body: sampleRequest(range, alignmentId),
        idempotencyKey: newIdempotencyKey(),
      });
      setSample({ taskId: started.taskId, ...range });
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(project.id) });
    } catch (e) {
      setError(e);
    } finally {
      setStarting(false);
    }
  };

  const busy = starting || (!!sample && sampleRunning(status));
  return { sample, status, reason: task.data?.error, url, error, busy, render };
}

/** While the sample video plays (or is sought), `onFollow` gets its time in the song. */
export function useFollowSample(
  videoRef: RefObject<HTMLVideoElement | null>,
  sample: Sample | null,
  url: string | null,
  onFollow: (time: number) => void,
) {
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !sample) return;
    let raf = 0;
    const tick = () => {
      onFollow(sample.start + video.currentTime);
      if (!video.paused) raf = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      raf = requestAnimationFrame(tick);
    };
    const onSeek = () => onFollow(sample.start + video.currentTime);
    video.addEventListener('play', onPlay);
    video.addEventListener('seeked', onSeek);
    return () => {
      cancelAnimationFrame(raf);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('seeked', onSeek);
    };
  }, [onFollow, sample, url, videoRef]);
}
