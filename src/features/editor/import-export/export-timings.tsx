import { useId, useState, type ReactNode } from 'react';
import type { Project } from '../../../contract';
import { TIMING_FORMATS, translationLosses, type TimingFormatInfo } from '../../../formats';
import { toArray, translationLanguages } from '../../../timing';
import type { EditorStore } from '../store';
import { downloadName, downloadText } from './file-name';
import type { TimingsClient } from './timings-client';
import { useMenuButton } from './use-menu-button';
import { useTimingsClient } from './use-timings-client';

interface Props {
  store: EditorStore;
  project: Pick<Project, 'title' | 'artists' | 'language'>;
  client?: TimingsClient;
  /** Where the file goes (a test passes its own); the browser's download by default. */
  save?: (text: string, name: string, mimeType: string) => void;
}

/**
 * Writes the draft as it is now (edits not saved yet included) in `format`, off the main thread;
 * `losses` say what the format cannot carry of the translations (ADR 0017).
 */
export async function writeTimings(
  client: Pick<TimingsClient, 'write'>,
  store: EditorStore,
  project: Props['project'],
  format: TimingFormatInfo,
): Promise<{ text: string; losses: readonly string[] }> {
  const text = await client.write(toArray(store.getState().doc), format.id, {
    title: project.title,
    artist: project.artists.join(', '),
    ...(project.language ? { language: project.language } : {}),
  });
  const doc = store.getState().doc;
  const losses = translationLanguages(doc).length ? translationLosses(toArray(doc), format.id) : [];
  return { text, losses };
}

/**
 * Export timings: a menu button (ARIA menu pattern) listing the formats; choosing one writes the
 * current draft, unsaved edits included, off the main thread and downloads `<project>.<ext>`.
 */
export function ExportTimings({ store, project, client, save = downloadText }: Props) {
  const [busy, setBusy] = useState<TimingFormatInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [losses, setLosses] = useState<readonly string[]>([]);
  const getClient = useTimingsClient(client);

  const exportAs = async (format: TimingFormatInfo) => {
    setError(null);
    setLosses([]);
    setBusy(format);
    try {
      const written = await writeTimings(getClient(), store, project, format);
      save(written.text, downloadName(project.title, format.extension), format.mimeType);
      setLosses(written.losses);
    } catch (failure) {
      if ((failure as Error).name !== 'AbortError')
        setError(
          `${format.label} export failed: ${failure instanceof Error ? failure.message : String(failure)}`,
        );
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="timings-export">
      <FormatMenu disabled={busy !== null} onChoose={(format) => void exportAs(format)} />
      {busy && (
        <span className="timings-busy" role="status">
          Writing {busy.label}…
        </span>
      )}
      {losses.length > 0 && (
        <DismissibleNote
          className="muted timings-losses"
          role="status"
          onDismiss={() => setLosses([])}
        >
          {losses.join(' ')}
        </DismissibleNote>
      )}
      {error && (
        <DismissibleNote
          className="error-text timings-error"
          role="alert"
          onDismiss={() => setError(null)}
        >
          {error}
        </DismissibleNote>
      )}
    </div>
  );
}

/** "Export timings": the menu button of the formats; choosing one closes it back to the button. */
function FormatMenu({
  disabled,
  onChoose,
}: {
  disabled: boolean;
  onChoose: (format: TimingFormatInfo) => void;
}) {
  const id = useId();
  const { open, button, menu, close, toggle, onButtonKey, onMenuKey } = useMenuButton();
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        disabled={disabled}
        onClick={toggle}
        onKeyDown={onButtonKey}
      >
        Export timings
      </button>
      {open && (
        <ul
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-label="Export timings as"
          className="timings-menu"
          onKeyDown={onMenuKey}
        >
          {TIMING_FORMATS.map((format) => (
            <li role="none" key={format.id}>
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(true);
                  onChoose(format);
                }}
              >
                {format.label} <span className="muted">.{format.extension}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A status line or alert with its own × (Dismiss) button. */
function DismissibleNote({
  className,
  role,
  onDismiss,
  children,
}: {
  className: string;
  role: 'status' | 'alert';
  onDismiss: () => void;
  children: ReactNode;
}) {
  return (
    <p className={className} role={role}>
      {children}{' '}
      <button type="button" onClick={onDismiss} aria-label="Dismiss">
        ×
      </button>
    </p>
  );
}
