import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { taskQuery, useApiClient, useCancelTask, useStartExport } from '../../api';
import type { Export, Task } from '../../contract';
import { ErrorNotice } from '../../components/error-notice';
import { formatBytes, formatDate, formatDuration, songClock } from '../../components/format';
import { StatusBadge } from '../../components/status-badge';
import { DownloadButton } from './download-button';
import { ExportPlayer } from './export-player';
import { exportPhase, failureText, renderNotes } from './export-status';
import { renderProgress, runningText } from './export-status';
import { exportSummary, retryRequest } from './render-options';

interface Props {
  projectId: string;
  projectTitle: string;
  item: Export;
  /** The export the address points at (from a notice): opened and scrolled to. */
  highlighted?: boolean;
}

/** What each part of an export's row needs: the export and how buttons name it. */
interface Row {
  projectId: string;
  item: Export;
  /** "720p · 30 fps · standard" and the date: buttons carry both in their names. */
  summary: string;
  when: string;
}

/** One export: what it is, its status and progress, and what can be done with it now. */
export function ExportItem({ projectId, projectTitle, item, highlighted = false }: Props) {
  const client = useApiClient();
  const phase = exportPhase(item);
  const [playing, setPlaying] = useState(highlighted && phase === 'done');
  // The task tells the progress while it runs, the reason once it failed, and notes once done
  // (e.g. a font that fell back; read when the video is opened, not for every row of a page). An
  // ended task is read once: it never changes again.
  const task = useQuery({
    ...taskQuery(client, item.taskId ?? '', projectId),
    enabled: Boolean(item.taskId) && (phase !== 'done' || playing),
  });
  const headingId = useId();
  const playerId = useId();
  const row: Row = {
    projectId,
    item,
    summary: exportSummary(item),
    when: formatDate(item.createdAt),
  };
  const notes = renderNotes(task.data);

  return (
    <li
      className={`export-item${highlighted ? ' highlighted' : ''}`}
      aria-labelledby={headingId}
      id={`export-${item.id}`}
      tabIndex={-1}
    >
      <div className="export-head">
        <h3 id={headingId}>
          {row.summary} <span className="muted">· {row.when}</span>
        </h3>
        <StatusBadge status={item.status} />
      </div>
      <ExportMeta item={item} />
      {phase === 'running' && <ExportRunning row={row} task={task.data} />}
      {phase === 'done' && (
        <div className="export-actions">
          <DownloadButton
            projectId={projectId}
            item={item}
            title={projectTitle}
            label={`Download ${row.summary}, ${row.when}`}
          />
          <button
            type="button"
            aria-expanded={playing}
            aria-controls={playing ? playerId : undefined}
            onClick={() => setPlaying(!playing)}
            aria-label={`${playing ? 'Hide the player of' : 'Play'} ${row.summary}, ${row.when}`}
          >
            {playing ? 'Hide player' : 'Play'}
          </button>
        </div>
      )}
      {phase === 'done' && notes.length > 0 && (
        <ul className="export-notes" aria-label="Notes from the render">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {phase === 'done' && playing && (
        <ExportPlayer id={playerId} projectId={projectId} item={item} label={row.summary} />
      )}
      {(phase === 'failed' || phase === 'cancelled') && (
        <ExportFailed
          row={row}
          failed={phase === 'failed'}
          reason={
            task.isPending && item.taskId ? 'Loading the reason…' : failureText(item, task.data)
          }
        />
      )}
    </li>
  );
}

/** Size, length, WebM with alpha, and the part of the song when only a part was rendered. */
function ExportMeta({ item }: { item: Export }) {
  return (
    <p className="export-meta muted">
      {typeof item.fileSize === 'number' && <span>{formatBytes(item.fileSize)}</span>}
      {typeof item.duration === 'number' && <span>{formatDuration(item.duration)}</span>}
      {item.transparent && <span>WebM with alpha</span>}
      {item.range && (
        <span>
          Part: {songClock(item.range.start)}–{songClock(item.range.end)}
        </span>
      )}
    </p>
  );
}

/** A running render: its progress and Cancel. */
function ExportRunning({ row, task }: { row: Row; task: Task | undefined }) {
  const { item, summary, when } = row;
  const cancel = useCancelTask(row.projectId);
  const progress = renderProgress(task);
  return (
    <>
      <div className="export-running">
        <progress
          max={1}
          value={progress ?? undefined}
          aria-label={`Render progress of ${summary}`}
          aria-valuetext={runningText(item, progress)}
        />
        <span aria-live="polite">{runningText(item, progress)}</span>
        {item.taskId && (
          <button
            type="button"
            onClick={() => cancel.mutate(item.taskId ?? '')}
            disabled={cancel.isPending}
            aria-label={`Cancel the render ${summary}, ${when}`}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
      </div>
      {cancel.isError && <ErrorNotice error={cancel.error} action="Could not cancel the render" />}
    </>
  );
}

/** A failed or cancelled render: why, and Retry (the same request again). */
function ExportFailed({ row, failed, reason }: { row: Row; failed: boolean; reason: string }) {
  const retry = useStartExport(row.projectId);
  return (
    <>
      <div className="export-failed">
        <p className={failed ? 'error-text' : 'muted'}>{reason}</p>
        <button
          type="button"
          onClick={() => retry.mutate(retryRequest(row.item))}
          disabled={retry.isPending}
          aria-label={`Retry the render ${row.summary}, ${row.when}`}
        >
          {retry.isPending ? 'Starting…' : 'Retry'}
        </button>
      </div>
      {retry.isError && <ErrorNotice error={retry.error} action="The render did not start" />}
    </>
  );
}
