import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { newIdempotencyKey, queryKeys, taskQuery, useApiClient } from '../../api';
import { ErrorNotice } from '../../components/error-notice';
import type { Project } from '../../contract';

export const SAMPLE_SECONDS = 10;

interface Props {
  project: Project;
  alignmentId: string | undefined;
  /** The preview's time: the sample starts here. */
  start: number;
  duration: number;
  /** Unsaved changes: the service renders the saved style, so they are saved first. */
  beforeRender?: () => Promise<boolean>;
  /** While the sample plays, the preview follows it (song time). */
  onFollow: (time: number) => void;
}

interface Sample {
  taskId: string;
  start: number;
  end: number;
}

const formatTime = (s: number) =>
  `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/**
 * "Render a 10-second sample": the real renderer (`POST /projects/{id}/exports` with a `range`)
 * makes that moment of the video with the saved style; the page plays it beside the preview, which
 * follows the sample's time, so the two can be compared.
 */
export function SampleRender({
  project,
  alignmentId,
  start,
  duration,
  beforeRender,
  onFollow,
}: Props) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [sample, setSample] = useState<Sample | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);

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

  const render = async () => {
    setError(null);
    setUrl(null);
    setStarting(true);
    try {
      if (beforeRender && !(await beforeRender())) return;
      const from = Math.max(0, Math.min(start, duration - 1));
      const to = Math.min(duration, from + SAMPLE_SECONDS);
      const started = await client.request('createExport', {
        params: { projectId: project.id },
        body: {
          range: { start: Math.round(from * 100) / 100, end: Math.round(to * 100) / 100 },
          resolution: '480p',
          quality: 'draft',
          audio: 'original',
          ...(alignmentId ? { alignmentId } : {}),
        },
        idempotencyKey: newIdempotencyKey(),
      });
      setSample({ taskId: started.taskId, start: from, end: to });
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(project.id) });
    } catch (e) {
      setError(e);
    } finally {
      setStarting(false);
    }
  };

  // The preview follows the sample while it plays.
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
  }, [onFollow, sample, url]);

  const busy =
    starting ||
    (!!sample && !!status && !['completed', 'failed', 'cancelled', 'timed-out'].includes(status));
  return (
    <div className="sample-render">
      <button type="button" onClick={() => void render()} disabled={busy}>
        {busy
          ? 'Rendering the sample…'
          : `Render a ${SAMPLE_SECONDS}-second sample from ${formatTime(start)}`}
      </button>
      <p className="muted field-hint">
        Made by the video renderer from the saved style
        {beforeRender ? ' (unsaved changes are saved first)' : ''}.
      </p>
      <div role="status" className="sample-status">
        {sample && busy && `Rendering ${formatTime(sample.start)} to ${formatTime(sample.end)}…`}
        {sample && status === 'completed' && !url && 'Sample ready, loading it…'}
        {sample &&
          url &&
          `Sample from ${formatTime(sample.start)} to ${formatTime(sample.end)}: play it to compare.`}
      </div>
      {sample && (status === 'failed' || status === 'timed-out' || status === 'cancelled') && (
        <div className="notice notice-error" role="alert">
          <strong>The sample could not be rendered.</strong>
          {task.data?.error && <p>{task.data.error}</p>}
          <button type="button" onClick={() => void render()}>
            Try again
          </button>
        </div>
      )}
      {error !== null && <ErrorNotice error={error} action="Could not render a sample" />}
      {url && sample && (
        <video
          ref={videoRef}
          className="sample-video"
          src={url}
          controls
          aria-label={`Rendered sample, ${formatTime(sample.start)} to ${formatTime(sample.end)}`}
          data-testid="style-sample-video"
        />
      )}
    </div>
  );
}
