import { useState, type DragEvent, type RefObject } from 'react';
import { formatBytes } from '../../components/format';

/** A file input that also takes a dropped file; the input stays the accessible control. */
export function FileDropZone({
  file,
  onFile,
  error,
  disabled,
  inputRef,
}: {
  file: File | null;
  onFile: (file: File) => void;
  error?: string;
  disabled?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };
  return (
    <div
      className={`drop-zone${over ? ' drop-zone-over' : ''}${error ? ' drop-zone-error' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label>
        Audio or video file
        <input
          ref={inputRef}
          type="file"
          accept="audio/*,video/*"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'file-error' : undefined}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onFile(chosen);
          }}
        />
      </label>
      <p className="muted">
        {file
          ? `${file.name} · ${formatBytes(file.size)}`
          : 'Drop a file here, or choose one. MP3, WAV, FLAC, OGG, M4A, MP4, WebM…'}
      </p>
      {error && (
        <p id="file-error" className="error-text">
          {error}
        </p>
      )}
    </div>
  );
}
