import { MAX_INDEX, type AlignmentItem } from '../contract';
import type { Chunk, TimingDoc } from './doc';
import { compareItems, keyOf } from './item-key';
import { changesSince } from './lineage';
import { IdentityTable, scratchTable } from './identity-table';
import { issue, type ValidationIssue } from './validate-issue';

/**
 * The two halves of validation, each updated from what changed (ADR 0014):
 * - `scanChunk`: every check but duplicate identity, over one chunk, given what comes before it
 *   (the previous item, and per singer the item that ends last so far). Chunks are shared between
 *   versions, so a result is cached per chunk object and reused while its inputs are the same:
 *   after an edit only the copied chunks, and those after them whose inputs changed, are read.
 * - `keyHolders`: duplicate identity is global, so a map identity -> item(s) per lineage (one
 *   `createDoc`'s versions) is moved forward along the changes that led to the asked version.
 */

export interface Limits {
  readonly duration: number;
  readonly longWord: number;
  readonly longGap: number;
}

/** Per singer (no singer = 0), the item with the latest end so far. */
export type Singers = Map<number, AlignmentItem>;

interface ChunkResult {
  readonly limits: Limits;
  readonly prev: AlignmentItem | undefined;
  readonly inSingers: readonly (readonly [number, AlignmentItem])[];
  readonly outSingers: readonly (readonly [number, AlignmentItem])[];
  readonly issues: readonly ValidationIssue[];
}

const chunkResults = new WeakMap<Chunk, ChunkResult>();
const NONE: readonly ValidationIssue[] = [];

const validIndex = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_INDEX;
const validIndices = (x: AlignmentItem) =>
  validIndex(x.line) &&
  validIndex(x.word) &&
  validIndex(x.subword) &&
  (x.singer === undefined || validIndex(x.singer));
const NOT_BLANK = /\S/;

const sameLimits = (a: Limits, b: Limits) =>
  a.duration === b.duration && a.longWord === b.longWord && a.longGap === b.longGap;

function sameSingers(cached: ChunkResult['inSingers'], singers: Singers): boolean {
  if (cached.length !== singers.size) return false;
  for (const [singer, item] of cached) if (singers.get(singer) !== item) return false;
  return true;
}

/** The issues of `chunk` (in check order); advances `singers` past it. */
export function scanChunk(
  chunk: Chunk,
  prev: AlignmentItem | undefined,
  singers: Singers,
  limits: Limits,
  useCache: boolean,
): readonly ValidationIssue[] {
  const hit = useCache ? chunkResults.get(chunk) : undefined;
  if (
    hit &&
    hit.prev === prev &&
    sameLimits(hit.limits, limits) &&
    sameSingers(hit.inSingers, singers)
  ) {
    singers.clear();
    for (const [singer, item] of hit.outSingers) singers.set(singer, item);
    return hit.issues;
  }
  const prevIn = prev;
  const inSingers = useCache ? [...singers] : [];
  const { duration, longWord, longGap } = limits;
  let issues: ValidationIssue[] | undefined;
  const add = (found: ValidationIssue) => (issues ??= []).push(found);
  // A plain loop: this runs over every item of a fresh document and must stay allocation-free
  for (const item of chunk) {
    const t = Number.isFinite(item.start) ? item.start : 0;
    if (!Number.isFinite(item.start) || !Number.isFinite(item.end))
      add(issue('not-finite', [keyOf(item)], t));
    if (item.start < 0 || item.end < 0) add(issue('negative-time', [keyOf(item)], t));
    if (!validIndices(item)) add(issue('index-out-of-bounds', [keyOf(item)], t));
    if (item.id === '') add(issue('empty-id', [keyOf(item)], t));
    if (item.end < item.start) add(issue('end-before-start', [keyOf(item)], t));
    else if (item.end === item.start) add(issue('zero-duration', [keyOf(item)], t));
    else if (item.end - item.start > longWord) add(issue('long-word', [keyOf(item)], t));
    if (item.end > duration) add(issue('past-duration', [keyOf(item)], t));
    if (!NOT_BLANK.test(item.text)) add(issue('empty-text', [keyOf(item)], t));
    const singer = item.singer ?? 0;
    const before = singers.get(singer);
    if (before && item.start < before.end) add(issue('overlap', [keyOf(before), keyOf(item)], t));
    if (!before || item.end > before.end) singers.set(singer, item);
    // A gap between consecutive words of one line (in time order).
    if (prev && prev.line === item.line && item.start - prev.end > longGap) {
      add(issue('long-gap', [keyOf(prev), keyOf(item)], prev.end));
    }
    prev = item;
  }
  const result = issues ?? NONE;
  if (useCache)
    chunkResults.set(chunk, {
      limits,
      prev: prevIn,
      inSingers,
      outSingers: [...singers],
      issues: result,
    });
  return result;
}

/** The identity duplicates are judged by. */
const identityOf = (item: AlignmentItem) => item.id ?? keyOf(item);

/** Identity -> its item, or its items when duplicated, for one version of a lineage. */
export interface KeyHolders {
  doc: TimingDoc;
  readonly holders: IdentityTable;
  readonly duplicated: Set<string>;
}

const lineages = new WeakMap<object, KeyHolders>();
/** Never written: what a cached pass hands `keyHolders` in place of a scratch table. */
const EMPTY_TABLE = new IdentityTable(0);

function hold(state: KeyHolders, item: AlignmentItem) {
  const key = identityOf(item);
  const held = state.holders.get(key);
  if (held === undefined) state.holders.set(key, item);
  else if (Array.isArray(held)) held.push(item);
  else {
    state.holders.set(key, [held, item]);
    state.duplicated.add(key);
  }
}

/** False when `item` is not held (the state does not match the document: rebuild it). */
function release(state: KeyHolders, item: AlignmentItem): boolean {
  const key = identityOf(item);
  const held = state.holders.get(key);
  if (held === item) return state.holders.delete(key);
  if (!Array.isArray(held)) return false;
  const at = held.indexOf(item);
  if (at < 0) return false;
  held.splice(at, 1);
  if (held.length === 1) {
    state.holders.set(key, held[0] as AlignmentItem);
    state.duplicated.delete(key);
  }
  return true;
}

/**
 * One table write per item (what it replaced tells whether the key was there already): a second
 * lookup per item was most of a full validation. Only when some key is duplicated, a second pass
 * collects the items of those keys. Yields after about `stepItems` items (`validateSteps`).
 */
function* build(
  doc: TimingDoc,
  stepItems: number,
  holders: IdentityTable,
): Generator<void, KeyHolders> {
  const duplicated = new Set<string>();
  let budget = stepItems;
  for (const chunk of doc.chunks) {
    for (const item of chunk) {
      const key = identityOf(item);
      if (holders.set(key, item) !== undefined) duplicated.add(key);
    }
    budget -= chunk.length;
    if (budget <= 0) {
      yield;
      budget = stepItems;
    }
  }
  collectDuplicated(doc, holders, duplicated);
  return { doc, holders, duplicated };
}

/** Only when some key is duplicated: a second pass collects the items of those keys. */
function collectDuplicated(doc: TimingDoc, holders: IdentityTable, duplicated: Set<string>) {
  if (!duplicated.size) return;
  for (const key of duplicated) holders.set(key, []);
  for (const chunk of doc.chunks) {
    for (const item of chunk) {
      const held = holders.get(identityOf(item));
      if (Array.isArray(held)) held.push(item);
    }
  }
}

/**
 * Moves the lineage's state to `doc` along the recorded changes, or builds it again: when the
 * changes are as big as the document (an imported file replaced every word), one build costs half
 * of removing and adding every item.
 */
function* keyHolders(
  doc: TimingDoc,
  useCache: boolean,
  stepItems: number,
  table: IdentityTable,
): Generator<void, KeyHolders> {
  if (!useCache) return yield* build(doc, stepItems, table);
  let state = lineages.get(doc.byKey);
  if (state && state.doc !== doc) {
    const changes = state.doc.chunks === doc.chunks ? [] : changesSince(doc, state.doc);
    let size = 0;
    for (const change of changes ?? []) size += change.removed.length + change.added.length;
    if (changes === undefined || size > doc.size) state = undefined;
    else {
      let consistent = true;
      for (const change of changes) {
        for (const item of change.removed) consistent = release(state, item) && consistent;
        for (const item of change.added) hold(state, item);
      }
      if (consistent) state.doc = doc;
      else state = undefined;
    }
  }
  if (!state) {
    state = yield* build(doc, stepItems, new IdentityTable(doc.size));
    lineages.set(doc.byKey, state);
  }
  return state;
}

/**
 * The identity holders built alongside the scan, a chunk right after it is scanned (its items
 * are still in the CPU's cache: after edits a document's items lie all over the heap, and a
 * second pass reading each one again was half of a whole validation, issue 24). Made when the
 * state must be built from nothing: a fresh pass (the scratch table) or a lineage without one
 * yet; null when there is one to move forward (`keyHolders`). `done` hands the state over (and
 * keeps it for the lineage); `release` gives the scratch table back.
 */
export interface HolderBuild {
  add(chunk: Chunk): void;
  done(): KeyHolders;
  release(): void;
}

export function holderBuild(doc: TimingDoc, useCache: boolean): HolderBuild | null {
  if (useCache && lineages.has(doc.byKey)) return null;
  const scratch = useCache ? null : scratchTable(doc.size);
  const holders = scratch?.table ?? new IdentityTable(doc.size);
  const duplicated = new Set<string>();
  return {
    add(chunk) {
      for (const item of chunk) {
        const key = identityOf(item);
        if (holders.set(key, item) !== undefined) duplicated.add(key);
      }
    },
    done() {
      collectDuplicated(doc, holders, duplicated);
      const state = { doc, holders, duplicated };
      if (useCache) lineages.set(doc.byKey, state);
      return state;
    },
    release: () => scratch?.release(),
  };
}

/** One issue per later occurrence of a duplicated identity, in document order; in slices. */
export function* duplicateSteps(
  doc: TimingDoc,
  useCache: boolean,
  stepItems: number,
  /** The state built alongside the scan (`holderBuild`), if it was. */
  built?: KeyHolders,
): Generator<void, ValidationIssue[]> {
  // A fresh pass keeps nothing: it borrows the one scratch table (no garbage per pass).
  const scratch = useCache || built ? null : scratchTable(doc.size);
  const later: AlignmentItem[] = [];
  try {
    const state =
      built ?? (yield* keyHolders(doc, useCache, stepItems, scratch?.table ?? EMPTY_TABLE));
    if (state.duplicated.size === 0) return [];
    for (const key of state.duplicated) {
      const items = [...(state.holders.get(key) as AlignmentItem[])].sort(compareItems);
      later.push(...items.slice(1));
    }
  } finally {
    scratch?.release();
  }
  return later
    .sort(compareItems)
    .map((item) =>
      issue('duplicate-identity', [identityOf(item)], Number.isFinite(item.start) ? item.start : 0),
    );
}
