import { useState } from 'react';
import { useStartLyricsSync } from '../../api';
import { ErrorNotice } from '../../components/error-notice';

/** Starts a lyrics sync; the lyrics start as the project's and can be edited first. */
export function LyricsSyncForm({
  projectId,
  initialLyrics,
  onDone,
}: {
  projectId: string;
  initialLyrics: string;
  onDone: () => void;
}) {
  const start = useStartLyricsSync(projectId);
  const [lyrics, setLyrics] = useState(initialLyrics);
  return (
    <form
      className="task-form"
      aria-label="Lyrics sync"
      onSubmit={(event) => {
        event.preventDefault();
        start.mutate({ type: 'transcribe', lyrics }, { onSuccess: onDone });
      }}
    >
      <label>
        Lyrics to sync
        <textarea rows={8} value={lyrics} onChange={(event) => setLyrics(event.target.value)} />
      </label>
      <p className="muted">One line per sung line. Leave empty to let the service transcribe.</p>
      {start.isError && <ErrorNotice error={start.error} action="The sync did not start" />}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={start.isPending}>
          {start.isPending ? 'Starting…' : 'Start lyrics sync'}
        </button>
        <button type="button" onClick={onDone}>
          Close
        </button>
      </div>
    </form>
  );
}
