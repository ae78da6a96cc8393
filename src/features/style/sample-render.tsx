import { useRef } from 'react';
import { ErrorNotice } from '../../components/error-notice';
import { songClock as formatTime } from '../../components/format';
import type { Project } from '../../contract';
import { SAMPLE_SECONDS, sampleFailed, type Sample } from './sample';
import { useFollowSample, useSampleRender } from './use-sample-render';

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
  const run = useSampleRender(project, alignmentId, beforeRender);
  const { sample, url, busy } = run;
  const videoRef = useRef<HTMLVideoElement>(null);
  useFollowSample(videoRef, sample, url, onFollow);
  const render = () => void run.render(start, duration);
  return (
    <div className="sample-render">
      <button type="button" onClick={render} disabled={busy}>
        {busy
          ? 'Rendering the sample…'
          : `Render a ${SAMPLE_SECONDS}-second sample from ${formatTime(start)}`}
      </button>
      <p className="muted field-hint">
        Made by the video renderer from the saved style
        {beforeRender ? ' (unsaved changes are saved first)' : ''}.
      </p>
      <div role="status" className="sample-status">
        {sample && (
          <SampleStatus sample={sample} busy={busy} ready={run.status === 'completed'} url={url} />
        )}
      </div>
      {sample && sampleFailed(run.status) && (
        <div className="notice notice-error" role="alert">
          <strong>The sample could not be rendered.</strong>
          {run.reason && <p>{run.reason}</p>}
          <button type="button" onClick={render}>
            Try again
          </button>
        </div>
      )}
      {run.error !== null && <ErrorNotice error={run.error} action="Could not render a sample" />}
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

/** Rendering, loading the made video, or ready to play. */
function SampleStatus({
  sample,
  busy,
  ready,
  url,
}: {
  sample: Sample;
  busy: boolean;
  ready: boolean;
  url: string | null;
}) {
  const part = `${formatTime(sample.start)} to ${formatTime(sample.end)}`;
  return (
    <>
      {busy && `Rendering ${part}…`}
      {ready && !url && 'Sample ready, loading it…'}
      {url && `Sample from ${part}: play it to compare.`}
    </>
  );
}
