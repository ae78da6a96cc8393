import type { AlignmentItem } from '../../../contract';
import { derivedFrom, forEachItem, getItem, keyOf, type TimingDoc } from '../../../timing';
import type { EditorStore } from '../store';
import type { OverviewSource, OverviewSpans } from '../timeline';
import { problemKeysOf } from './timeline-scene';

/** Above this share of the words, problems are found by one scan rather than a lookup per key. */
const SCAN_SHARE = 1 / 8;

function wordsOf(doc: TimingDoc): OverviewSpans {
  return {
    forEach: (fn) => forEachItem(doc, 0, doc.size, (item) => fn(item.start, item.end)),
  };
}

const spansOfItems = (items: readonly AlignmentItem[]): OverviewSpans => ({
  forEach: (fn) => {
    for (const item of items) fn(item.start, item.end);
  },
});

/**
 * The words of `doc`; when it was made from `prev.doc` by one change, with that change as the
 * delta, so the overview re-counts only the changed words. The previous spans drop their own
 * delta: versions never chain.
 */
function nextWords(doc: TimingDoc, prev: { doc: TimingDoc; spans: OverviewSpans } | null) {
  const spans = wordsOf(doc);
  const link = derivedFrom(doc);
  if (prev && link?.parent === prev.doc) {
    prev.spans.delta = undefined;
    spans.delta = {
      from: prev.spans,
      removed: spansOfItems(link.change.removed),
      added: spansOfItems(link.change.added),
    };
  }
  return spans;
}

/**
 * The problem words' spans, found once and then kept (start, end pairs): the overview walks them
 * again whenever it rebuckets, and held past a newer version (an import) a lookup of their words
 * would index that version's 100,000 new words in the frame.
 */
function problemsOf(doc: TimingDoc, keys: ReadonlySet<string>): OverviewSpans {
  let found: number[] | null = null;
  const find = (): number[] => {
    const out: number[] = [];
    if (keys.size === 0) return out;
    if (keys.size > doc.size * SCAN_SHARE) {
      forEachItem(doc, 0, doc.size, (item) => {
        if (keys.has(keyOf(item))) out.push(item.start, item.end);
      });
      return out;
    }
    for (const key of keys) {
      const item = getItem(doc, key);
      if (item) out.push(item.start, item.end);
    }
    return out;
  };
  return {
    forEach(fn) {
      found ??= find();
      for (let i = 0; i < found.length; i += 2) fn(found[i]!, found[i + 1]!);
    },
  };
}

/**
 * The overview's view of the store: the committed document's words (a drag preview does not
 * rebucket 100,000 words per frame) and the validated problems. The same objects are returned
 * until the document or the validation changes, so the overview rebuckets only then.
 */
export function createOverviewSource(
  store: EditorStore,
  /** The words the sync is unsure of in a doc (see `../review/`), read per frame. */
  getUncertain: () => ((doc: TimingDoc) => ReadonlySet<string>) | undefined = () => undefined,
): () => OverviewSource {
  let words: { doc: TimingDoc; spans: OverviewSpans; extent: number | null } | null = null;
  let uncertain: { keys: ReadonlySet<string>; spans: OverviewSpans } | null = null;
  let problems: { doc: TimingDoc; keys: ReadonlySet<string>; spans: OverviewSpans } | null = null;
  let source: OverviewSource | null = null;

  return () => {
    const { doc, validation } = store.getState();
    // While the validation is stale (null for a moment after an edit) the last problems stay,
    // where they were found: their words looked up in a newer document might all be gone (an
    // import), and each miss there would index the whole new document.
    const keys = validation ? problemKeysOf(validation) : (problems?.keys ?? problemKeysOf(null));
    const problemsHold =
      problems !== null &&
      (validation === null || (problems.doc === doc && problems.keys === keys));
    const unsure = getUncertain()?.(doc);
    const uncertainHolds = (uncertain?.keys ?? undefined) === unsure;
    if (source && words?.doc === doc && problemsHold && uncertainHolds) return source;
    if (!uncertainHolds)
      uncertain = unsure ? { keys: unsure, spans: problemsOf(doc, unsure) } : null;
    if (words?.doc !== doc) words = { doc, spans: nextWords(doc, words), extent: null };
    const p = problemsHold && problems ? problems : { doc, keys, spans: problemsOf(doc, keys) };
    problems = p;
    const w = words;
    source = {
      spans: w.spans,
      problems: p.spans,
      ...(uncertain ? { uncertain: uncertain.spans } : {}),
      extent: () => {
        if (w.extent === null) {
          let end = 0;
          forEachItem(w.doc, 0, w.doc.size, (item) => (end = Math.max(end, item.end)));
          w.extent = end;
        }
        return w.extent;
      },
    };
    return source;
  };
}
