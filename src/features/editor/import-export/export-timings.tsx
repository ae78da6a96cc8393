import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Project } from '../../../contract';
import { TIMING_FORMATS, translationLosses, type TimingFormatInfo } from '../../../formats';
import { toArray, translationLanguages } from '../../../timing';
import type { EditorStore } from '../store';
import { downloadName, downloadText } from './file-name';
import { createTimingsClient, type TimingsClient } from './timings-client';

interface Props {
  store: EditorStore;
  project: Pick<Project, 'title' | 'artists' | 'language'>;
  client?: TimingsClient;
  /** Where the file goes (a test passes its own); the browser's download by default. */
  save?: (text: string, name: string, mimeType: string) => void;
}

/**
 * Export timings: a menu button (ARIA menu pattern) listing the formats; choosing one writes the
 * current draft, unsaved edits included, off the main thread and downloads `<project>.<ext>`.
 */
export function ExportTimings({ store, project, client, save = downloadText }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<TimingFormatInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [losses, setLosses] = useState<readonly string[]>([]);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const own = useRef<TimingsClient | null>(null);
  const getClient = useCallback(() => client ?? (own.current ??= createTimingsClient()), [client]);
  useEffect(() => () => own.current?.dispose(), []);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };
  const openMenu = (first: 'first' | 'last') => {
    setOpen(true);
    // The menu renders on this update; focus goes to it right after.
    requestAnimationFrame(() => focusItem(first === 'first' ? 0 : -1));
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // A click anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      const root = button.current?.parentElement;
      if (root && !root.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const exportAs = async (format: TimingFormatInfo) => {
    close(true);
    setError(null);
    setLosses([]);
    setBusy(format);
    try {
      // The draft as it is now, with edits not saved yet.
      const text = await getClient().write(toArray(store.getState().doc), format.id, {
        title: project.title,
        artist: project.artists.join(', '),
        ...(project.language ? { language: project.language } : {}),
      });
      save(text, downloadName(project.title, format.extension), format.mimeType);
      // What the format cannot carry of the translations (ADR 0017), said beside the button.
      const doc = store.getState().doc;
      setLosses(translationLanguages(doc).length ? translationLosses(toArray(doc), format.id) : []);
    } catch (failure) {
      if ((failure as Error).name !== 'AbortError')
        setError(
          `${format.label} export failed: ${failure instanceof Error ? failure.message : String(failure)}`,
        );
    } finally {
      setBusy(null);
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
    if (e.key in moves) {
      e.preventDefault();
      focusItem(moves[e.key] ?? 0);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation(); // the editor's own Escape (clear selection) is not meant
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  return (
    <div className="timings-export">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        disabled={busy !== null}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            openMenu(e.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
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
                onClick={() => void exportAs(format)}
              >
                {format.label} <span className="muted">.{format.extension}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {busy && (
        <span className="timings-busy" role="status">
          Writing {busy.label}…
        </span>
      )}
      {losses.length > 0 && (
        <p className="muted timings-losses" role="status">
          {losses.join(' ')}{' '}
          <button type="button" onClick={() => setLosses([])} aria-label="Dismiss">
            ×
          </button>
        </p>
      )}
      {error && (
        <p className="error-text timings-error" role="alert">
          {error}{' '}
          <button type="button" onClick={() => setError(null)} aria-label="Dismiss">
            ×
          </button>
        </p>
      )}
    </div>
  );
}
