import type { Change } from './op-types';
import type { TimingDoc } from './doc';

/**
 * Which version a document was made from, and by what change: derived views (validation, the
 * word list's rows) update from the change instead of re-reading 100,000 items. The parent is
 * held weakly, so a chain of versions never keeps old documents alive; drag previews
 * (`transient`) are not recorded.
 */
const parents = new WeakMap<TimingDoc, { parent: WeakRef<TimingDoc>; change: Change }>();

export function recordDerivation(child: TimingDoc, parent: TimingDoc, change: Change): void {
  parents.set(child, { parent: new WeakRef(parent), change });
}

/** The version `doc` was made from by `applyChange`, and the change, when still known. */
export function derivedFrom(doc: TimingDoc): { parent: TimingDoc; change: Change } | undefined {
  const link = parents.get(doc);
  const parent = link?.parent.deref();
  return link && parent ? { parent, change: link.change } : undefined;
}

/**
 * The changes that lead from `ancestor` to `doc` (oldest first), following at most `limit`
 * links; undefined when `ancestor` is not found that way.
 */
export function changesSince(
  doc: TimingDoc,
  ancestor: TimingDoc,
  limit = 32,
): Change[] | undefined {
  const changes: Change[] = [];
  let at = doc;
  for (let i = 0; i <= limit; i++) {
    if (at === ancestor) return changes.reverse();
    const link = derivedFrom(at);
    if (!link) return undefined;
    changes.push(link.change);
    at = link.parent;
  }
  return undefined;
}
