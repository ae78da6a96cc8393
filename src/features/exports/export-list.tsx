import { useEffect, useRef } from 'react';
import type { Export } from '../../contract';
import { ExportItem } from './export-item';

/** The exports, newest first as the service lists them; the highlighted one is scrolled to. */
export function ExportList({
  projectId,
  projectTitle,
  exports,
  highlight,
}: {
  projectId: string;
  projectTitle: string;
  exports: readonly Export[];
  /** The export the address points at, by its id or its task's (a notice's link). */
  highlight: { exportId: string | null; taskId: string | null };
}) {
  const list = useRef<HTMLUListElement>(null);
  const target =
    exports.find(
      (item) =>
        item.id === highlight.exportId ||
        (highlight.taskId !== null && item.taskId === highlight.taskId),
    )?.id ?? null;
  // Once per target: a notice's link lands on its export (focus, so keyboard users are there too).
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (target === null || done.current === target) return;
    done.current = target;
    const element = list.current?.querySelector<HTMLElement>(`#${CSS.escape(`export-${target}`)}`);
    element?.scrollIntoView({ block: 'center' });
    element?.focus({ preventScroll: true });
  }, [target]);
  return (
    <ul ref={list} className="export-list" aria-label="Exports">
      {exports.map((item) => (
        <ExportItem
          key={item.id}
          projectId={projectId}
          projectTitle={projectTitle}
          item={item}
          highlighted={item.id === target}
        />
      ))}
    </ul>
  );
}
