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
  highlight: string | null;
}) {
  const list = useRef<HTMLUListElement>(null);
  const shown = highlight !== null && exports.some((item) => item.id === highlight);
  // Once per target: a notice's link lands on its export (focus, so keyboard users are there too).
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!shown || done.current === highlight) return;
    done.current = highlight;
    const target = list.current?.querySelector<HTMLElement>(
      `#${CSS.escape(`export-${highlight}`)}`,
    );
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [shown, highlight]);
  return (
    <ul ref={list} className="export-list" aria-label="Exports">
      {exports.map((item) => (
        <ExportItem
          key={item.id}
          projectId={projectId}
          projectTitle={projectTitle}
          item={item}
          highlighted={item.id === highlight}
        />
      ))}
    </ul>
  );
}
