// Incremental validation (ADR 0014) equals a full pass after any sequence of edits: ops, raw
// changes that make every kind of problem (duplicates, overlaps, negative times...), undo, and a
// new duration; validated after some steps only, so the lineage is followed over several changes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_INDEX, type AlignmentItem } from '../contract';
import { applyChange, invertChange, type Change } from './change';
import { createDoc, itemAt, toArray, type TimingDoc } from './doc';
import { keyOf } from './item-key';
import { applyOp } from './ops';
import { song } from './test-items';
import { validateDoc, validateSteps, type ValidationResult } from './validate';
import { issue, type ValidationIssue } from './validate-issue';

/** The straightforward full pass (the code before ADR 0014): the oracle. */
function reference(doc: TimingDoc, longWord = 2, longGap = 2): ValidationResult {
  const issues: ValidationIssue[] = [];
  const dups: ValidationIssue[] = [];
  if (doc.size > 100_000) issues.push(issue('too-many-items', [], 0));
  const seen = new Set<string>();
  const lastBySinger = new Map<number, AlignmentItem>();
  const validIndex = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_INDEX;
  let prev: AlignmentItem | undefined;
  for (const item of toArray(doc)) {
    const t = Number.isFinite(item.start) ? item.start : 0;
    const key = item.id ?? keyOf(item);
    if (seen.has(key)) dups.push(issue('duplicate-identity', [key], t));
    seen.add(key);
    const k = [keyOf(item)];
    if (!Number.isFinite(item.start) || !Number.isFinite(item.end))
      issues.push(issue('not-finite', k, t));
    if (item.start < 0 || item.end < 0) issues.push(issue('negative-time', k, t));
    const indices = [item.line, item.word, item.subword, item.singer ?? 0];
    if (!indices.every(validIndex)) issues.push(issue('index-out-of-bounds', k, t));
    if (item.id === '') issues.push(issue('empty-id', k, t));
    if (item.end < item.start) issues.push(issue('end-before-start', k, t));
    else if (item.end === item.start) issues.push(issue('zero-duration', k, t));
    else if (item.end - item.start > longWord) issues.push(issue('long-word', k, t));
    if (item.end > doc.duration) issues.push(issue('past-duration', k, t));
    if (!/\S/.test(item.text)) issues.push(issue('empty-text', k, t));
    const before = lastBySinger.get(item.singer ?? 0);
    if (before && item.start < before.end) issues.push(issue('overlap', [keyOf(before), ...k], t));
    if (!before || item.end > before.end) lastBySinger.set(item.singer ?? 0, item);
    if (prev && prev.line === item.line && item.start - prev.end > longGap)
      issues.push(issue('long-gap', [keyOf(prev), ...k], prev.end));
    prev = item;
  }
  const all = [...issues, ...dups].sort((a, b) => a.time - b.time);
  const errors = all.filter((i) => i.severity === 'error').length;
  const blocking = all.filter((i) => i.blocksSave).length;
  return {
    issues: all,
    errors,
    warnings: all.length - errors,
    blocking,
    canSave: blocking === 0,
  };
}

const rawItem = fc.record({
  line: fc.integer({ min: 0, max: 6 }),
  word: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constant(0.5)),
  start: fc.double({ min: -1, max: 80, noNaN: true }),
  length: fc.oneof(fc.double({ min: -0.5, max: 3, noNaN: true }), fc.constant(0)),
  text: fc.constantFrom('la', ' ', ''),
  id: fc.constantFrom(undefined, 'a', 'b', 'c', ''),
  singer: fc.constantFrom(undefined, 0, 1, 2),
});

/** A position; half of them next to a chunk boundary (chunks of 128), where state crosses chunks. */
const position = fc.oneof(
  fc.nat(),
  fc
    .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: -2, max: 1 }))
    .map(([c, d]) => c * 128 + d),
);

const step = fc.oneof(
  fc.record({
    kind: fc.constant('op' as const),
    at: position,
    delta: fc.double({ min: -3, max: 3, noNaN: true }),
    text: fc.constantFrom('x', ''),
    check: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('raw' as const),
    remove: fc.array(position, { maxLength: 4 }),
    add: fc.array(rawItem, { maxLength: 4 }),
    check: fc.boolean(),
  }),
  // a new end for one word, unclamped: overlaps and gaps that reach into the next chunk
  fc.record({
    kind: fc.constant('end' as const),
    at: position,
    delta: fc.double({ min: -3, max: 3, noNaN: true }),
    check: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('undo' as const), check: fc.boolean() }),
  fc.record({
    kind: fc.constant('duration' as const),
    to: fc.double({ min: 10, max: 200, noNaN: true }),
    check: fc.boolean(),
  }),
  // every word replaced (an imported file): the duplicate map is built again, not moved along
  fc.record({
    kind: fc.constant('replace' as const),
    shift: fc.double({ min: -1, max: 1, noNaN: true }),
    check: fc.boolean(),
  }),
);

/** `validateSteps` run to the end in slices of `stepItems`. */
function inSlices(doc: TimingDoc, stepItems: number): ValidationResult {
  const steps = validateSteps(doc, {}, stepItems);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

describe('incremental validation', () => {
  it('equals a full pass after any sequence of edits', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        // 400 words (4 chunks) in lines of 7 (lines cross chunk boundaries), a few with
        // problems from the start
        const items = song(400).map((x, i) => {
          const w = { ...x, line: Math.floor(i / 7), word: i % 7 };
          return i % 97 === 5 ? { ...w, end: w.start + 3 } : i % 131 === 7 ? { ...w, id: 'a' } : w;
        });
        let doc = createDoc(items, { duration: 190 });
        const done: Change[] = [];
        validateDoc(doc);
        for (const s of steps) {
          const at = (n: number) => itemAt(doc, n % Math.max(1, doc.size));
          if (s.kind === 'op' && doc.size) {
            const item = at(s.at) as AlignmentItem;
            const op =
              s.at % 3 === 0
                ? ({ type: 'setText', key: keyOf(item), text: s.text } as const)
                : ({ type: 'move', keys: [keyOf(item)], delta: s.delta } as const);
            const out = applyOp(doc, op);
            doc = out.doc;
            done.push(out.change);
          } else if (s.kind === 'raw') {
            const removed = [...new Set(s.remove.map(at).filter((x) => x !== undefined))];
            const added = s.add.map((r) => ({
              line: r.line,
              word: r.word,
              subword: 0,
              start: r.start,
              end: r.start + r.length,
              text: r.text,
              ...(r.id === undefined ? {} : { id: r.id }),
              ...(r.singer === undefined ? {} : { singer: r.singer }),
            }));
            const change: Change = { removed, added, estimatedOff: [], estimatedOn: [] };
            doc = applyChange(doc, change);
            done.push(change);
          } else if (s.kind === 'end' && doc.size) {
            const item = at(s.at) as AlignmentItem;
            const change: Change = {
              removed: [item],
              added: [{ ...item, end: item.end + s.delta }],
              estimatedOff: [],
              estimatedOn: [],
            };
            doc = applyChange(doc, change);
            done.push(change);
          } else if (s.kind === 'undo') {
            const last = done.pop();
            if (last) doc = applyChange(doc, invertChange(last));
          } else if (s.kind === 'duration') {
            doc = { ...doc, duration: s.to };
          } else if (s.kind === 'replace') {
            const removed = toArray(doc);
            const added = removed.map((x) => ({
              ...x,
              start: x.start + s.shift,
              end: x.end + s.shift,
            }));
            const change: Change = { removed, added, estimatedOff: [], estimatedOn: [] };
            doc = applyChange(doc, change);
            done.push(change);
          }
          if (s.check) {
            const expected = reference(doc);
            expect(inSlices(doc, 37)).toEqual(expected);
            expect(validateDoc(doc)).toEqual(expected);
            expect(validateDoc(doc, { fresh: true })).toEqual(expected);
          }
        }
        expect(validateDoc(doc)).toEqual(reference(doc));
      }),
      { numRuns: 150 },
    );
  });

  it('a changed last item of a chunk is the "previous word" of the next, unchanged chunk', () => {
    const items = song(300).map((x, i) => ({ ...x, line: Math.floor(i / 7), word: i % 7 }));
    // a long word before it stays the latest end: what enters chunk 1 differs only in the
    // previous item
    const long = items[120] as AlignmentItem;
    items[120] = { ...long, end: long.start + 10 };
    const doc = createDoc(items, { duration: 1000 });
    validateDoc(doc);
    const last = itemAt(doc, 127) as AlignmentItem; // chunk 0's last, line 18 goes on in chunk 1
    const change: Change = {
      removed: [last],
      added: [{ ...last, end: last.end - 3 }],
      estimatedOff: [],
      estimatedOn: [],
    };
    const next = applyChange(doc, change);
    expect(next.chunks[1]).toBe(doc.chunks[1]);
    const result = validateDoc(next);
    expect(result.issues.map((i) => i.code)).toContain('long-gap');
    expect(result).toEqual(reference(next));
  });

  it('after a one-word edit, reads only the chunks the edit copied', () => {
    const doc = createDoc(song(2000), { duration: 2000 });
    validateDoc(doc);
    const item = itemAt(doc, 1000) as AlignmentItem;
    const out = applyOp(doc, { type: 'setStart', key: keyOf(item), time: item.start - 3 });
    // the edit made an overlap; the untouched chunks' results are the same objects
    const result = validateDoc(out.doc);
    expect(result).toEqual(reference(out.doc));
    expect(result.issues.map((i) => i.code)).toContain('overlap');
    const again = validateDoc(out.doc);
    expect(again.issues[0]).toBe(result.issues[0]);
  });
});

describe('validation results', () => {
  it('an edit that changes no finding gives the same result object', () => {
    const doc = createDoc(song(1000), { duration: 1000 });
    const first = validateDoc(doc);
    const item = itemAt(doc, 500) as AlignmentItem;
    const moved = applyOp(doc, { type: 'move', keys: [keyOf(item)], delta: 0.01 }).doc;
    expect(validateDoc(moved)).toBe(first);
    const overlapping = applyOp(moved, { type: 'move', keys: [keyOf(item)], delta: 0.3 }).doc;
    const changed = validateDoc(overlapping);
    expect(changed).not.toBe(first);
    expect(changed).toEqual(reference(overlapping));
  });
});
