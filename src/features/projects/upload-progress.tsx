import type { UploadProgress as Progress } from '../../api';
import { describeUpload, percentOf } from '../../components/format';

/** A real <progress> with bytes, percent, speed and time left, and the cancel button. */
export function UploadProgress({
  progress,
  onCancel,
}: {
  progress: Progress;
  onCancel: () => void;
}) {
  const done = progress.total > 0 && progress.loaded >= progress.total;
  return (
    <section className="upload-progress" aria-label="Upload">
      <progress
        aria-label="Upload progress"
        max={100}
        value={percentOf(progress.loaded, progress.total)}
      />
      <p aria-live="polite">
        {done ? 'Uploaded. Creating the project…' : describeUpload(progress)}
      </p>
      <button type="button" onClick={onCancel} disabled={done}>
        Cancel upload
      </button>
    </section>
  );
}
