import { useEffect, useRef } from 'react';
import { useEditor, type EditorStore } from '../store';
import { receiveDroppedFiles } from './file-drop';
import { ImportDialog } from './import-dialog';
import type { TimingsClient } from './timings-client';
import { useTimingImport } from './use-timing-import';

interface Props {
  store: EditorStore;
  /** Media duration in seconds, to say which imported words end after the song. */
  duration?: number | null;
  client?: TimingsClient;
}

/** The Import timings button: a file chooser (or a file dropped on the timeline), then a preview. */
export function ImportTimings({ store, duration, client }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { state, done, openFile, chooseFormat, cancel, apply, dismissDone } = useTimingImport(
    store,
    client,
    duration ?? undefined,
  );
  const words = useEditor((s) => s.doc.size);
  useEffect(() => receiveDroppedFiles(store, (file) => void openFile(file)), [store, openFile]);
  // Focus returns to the button once the dialog is gone (closing a dialog would otherwise restore
  // it to where it was before the file chooser: often nowhere).
  const open = state !== null;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <div className="timings-import">
      <button type="button" ref={button} onClick={() => input.current?.click()}>
        Import timings
      </button>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        aria-label="Timing file to import"
        accept=".lrc,.elrc,.ass,.ssa,.ttml,.xml,.srt,.vtt,.txt,.json,text/plain,application/json"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // the same file again is a new choice
          if (file) void openFile(file);
        }}
      />
      {done && (
        <span className="timings-done" role="status">
          Imported {done.words.toLocaleString('en')} {done.words === 1 ? 'item' : 'items'} from{' '}
          {done.fileName}.{' '}
          <button type="button" className="link-button" onClick={dismissDone} aria-label="Dismiss">
            ×
          </button>
        </span>
      )}
      {state && (
        <ImportDialog
          state={state}
          currentWords={words}
          duration={duration ?? Infinity}
          onFormat={chooseFormat}
          onApply={() => void apply()}
          onCancel={cancel}
        />
      )}
    </div>
  );
}
