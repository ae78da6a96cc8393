import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlignmentItem } from '../contract';
import { createDoc, getItem, itemAt, toArray, type TimingDoc } from './doc';
import { createHistory, pushHistory, redo, undo } from './history';
import { compareItems, keyOf } from './item-key';
import { merge, mergedItems, resolveMerge, sameItem } from './merge';
import type { EditSettings, TimingOp } from './op-types';
import { applyOp } from './ops';
import { song } from './test-items';

/** An op recipe: which op, which items (by position, resolved against the current doc), numbers. */
const recipe = fc.record({
  kind: fc.integer({ min: 0, max: 19 }),
  a: fc.nat(),
  b: fc.nat(),
  t: fc.double({ min: -5, max: 40, noNaN: true }),
  u: fc.double({ min: -5, max: 40, noNaN: true }),
  policy: fc.constantFrom<EditSettings['overlap']>('allow', 'stop', 'push'),
});
type Recipe = typeof recipe extends fc.Arbitrary<infer R> ? R : never;

function toOp(doc: TimingDoc, r: Recipe): TimingOp | null {
  if (!doc.size) return null;
  const at = (n: number) => keyOf(itemAt(doc, n % doc.size) as AlignmentItem);
  const k = at(r.a);
  const keys = [k, at(r.b), at(r.a + 1)];
  switch (r.kind) {
    case 0:
      return { type: 'move', keys, delta: r.t - 10 };
    case 1:
      return {
        type: 'nudge',
        keys,
        direction: r.a % 2 ? 1 : -1,
        step: 'normal',
        edge: (['both', 'start', 'end'] as const)[r.b % 3],
      };
    case 2:
      return { type: 'setStart', key: k, time: r.t };
    case 3:
      return { type: 'setEnd', key: k, time: r.t };
    case 4:
      return { type: 'roll', leftKey: k, rightKey: at(r.a + 1), time: r.t };
    case 5:
      return { type: 'stretch', keys, start: r.t, end: r.u };
    case 6:
      return { type: 'tap', key: k, prevKey: at(r.b), time: r.t, latency: 0.1 };
    case 7:
      return { type: 'split', key: k, at: r.b % 4 };
    case 8:
      return { type: 'mergeWords', keys: [k, at(r.a + 1)] };
    case 9:
      return { type: 'insertWord', afterKey: k, text: 'new' };
    case 10:
      return { type: 'delete', keys: [k] };
    case 11:
      return { type: 'setText', key: k, text: `t${r.b % 5}` };
    case 12:
      return {
        type: 'setLineText',
        line: (itemAt(doc, r.a % doc.size) as AlignmentItem).line,
        text: ['a b c', 'x w3 y', 'w1 w2 z q', ''][r.b % 4] ?? '',
      };
    case 13:
      return { type: 'setSinger', keys, singer: r.b % 3 === 0 ? undefined : r.b % 3 };
    case 14:
      return {
        type: 'setTranslation',
        key: k,
        lang: r.b % 2 ? 'fr' : 'de',
        text: r.a % 3 ? `tr${r.b % 4}` : null,
      };
    case 16:
      return {
        type: 'setLineTranslation',
        line: (itemAt(doc, r.a % doc.size) as AlignmentItem).line,
        lang: r.b % 2 ? 'ja-Latn' : 'de',
        text: r.a % 3 ? `line ${r.b % 4}` : null,
      };
    case 17:
      return { type: 'renameLanguage', from: 'de', to: r.b % 2 ? 'fr' : null };
    case 18:
      return { type: 'splitLine', key: k };
    case 19:
      return { type: 'joinLines', line: (itemAt(doc, r.a % doc.size) as AlignmentItem).line };
    default:
      return { type: 'holdEnd', key: k, time: r.t, latency: 0 };
  }
}

/** The broken invariants of a document (none expected). */
function violations(doc: TimingDoc): string[] {
  const out: string[] = [];
  const items = toArray(doc);
  const keys = new Set(items.map(keyOf));
  if (items.length !== doc.size) out.push('size');
  if (keys.size !== items.length) out.push('duplicate identity');
  items.forEach((x, i) => {
    const k = keyOf(x);
    if (x.start < 0) out.push(`${k}: negative start`);
    if (x.end < x.start) out.push(`${k}: end before start`);
    if (x.end > doc.duration) out.push(`${k}: past duration`);
    if (getItem(doc, k) !== x) out.push(`${k}: key index`);
    if (i > 0 && compareItems(items[i - 1] as AlignmentItem, x) >= 0) out.push(`${k}: order`);
  });
  for (const k of doc.estimated) if (!keys.has(k)) out.push(`${k}: stale estimated flag`);
  return out;
}

function checkInvariants(doc: TimingDoc) {
  expect(violations(doc)).toEqual([]);
}

const start = (ids: boolean) => createDoc(song(40, ids), { duration: 30 });

function edit(doc: TimingDoc, recipes: readonly Recipe[]): TimingDoc {
  for (const r of recipes) {
    const op = toOp(doc, r);
    if (op) doc = applyOp(doc, op, { overlap: r.policy }).doc;
  }
  return doc;
}

describe('properties', () => {
  it('random operation sequences keep the invariants; undo all, then redo all, round-trips', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(recipe, { maxLength: 25 }), (ids, recipes) => {
        const first = start(ids);
        let doc = first;
        let history = createHistory(1000);
        const versions = [toArray(doc)];
        for (const r of recipes) {
          const op = toOp(doc, r);
          if (!op) continue;
          const out = applyOp(doc, op, { overlap: r.policy });
          doc = out.doc;
          history = pushHistory(history, out.change);
          checkInvariants(doc);
          versions.push(toArray(doc));
        }
        const last = toArray(doc);
        for (let u = undo(history, doc); u; u = undo(history, doc)) ({ history, doc } = u);
        expect(toArray(doc)).toEqual(toArray(first));
        expect([...doc.estimated]).toEqual([]);
        for (let r = redo(history, doc); r; r = redo(history, doc)) ({ history, doc } = r);
        expect(toArray(doc)).toEqual(last);
        checkInvariants(doc);
      }),
      { numRuns: 150 },
    );
  });

  const sides = fc.tuple(
    fc.boolean(),
    fc.array(recipe, { maxLength: 12 }),
    fc.array(recipe, { maxLength: 12 }),
  );
  const sorted = (items: AlignmentItem[]) => [...items].sort(compareItems);
  const mergeAll = (b: TimingDoc, x: TimingDoc, y: TimingDoc) => {
    const mine = toArray(x);
    const result = merge(toArray(b), mine, toArray(y));
    return { result, items: mergedItems(mine, resolveMerge(result, 'mine')) };
  };

  it('merge(base, x, base) = x, merge(base, base, y) = y, merge(base, x, x) = x', () => {
    fc.assert(
      fc.property(sides, ([ids, rx, ry]) => {
        const base = start(ids);
        const x = edit(base, rx);
        const y = edit(base, ry);
        expect(mergeAll(base, x, base)).toEqual({
          result: expect.objectContaining({ conflicts: [] }) as unknown,
          items: toArray(x),
        });
        const right = mergeAll(base, base, y);
        expect(right.result.conflicts).toEqual([]);
        expect(right.items).toEqual(sorted(toArray(y)));
        const same = mergeAll(base, x, x);
        expect(same.result.conflicts).toEqual([]);
        expect(same.items).toEqual(toArray(x));
      }),
      { numRuns: 100 },
    );
  });

  it('a merge without conflicts holds every change of both sides', () => {
    fc.assert(
      fc.property(sides, ([ids, rx, ry]) => {
        const base = start(ids);
        const [b, x, y] = [base, edit(base, rx), edit(base, ry)].map(
          (d) => new Map(toArray(d).map((i) => [keyOf(i), i])),
        ) as [Map<string, AlignmentItem>, Map<string, AlignmentItem>, Map<string, AlignmentItem>];
        const { result, items } = mergeAll(base, edit(base, rx), edit(base, ry));
        fc.pre(result.conflicts.length === 0);
        const out = new Map(items.map((i) => [keyOf(i), i]));
        for (const key of new Set([...b.keys(), ...x.keys(), ...y.keys()])) {
          const [bi, xi, yi, oi] = [b.get(key), x.get(key), y.get(key), out.get(key)];
          if (!sameItem(xi, bi) && !xi) expect(oi).toBeUndefined(); // mine deleted
          if (!sameItem(yi, bi) && !yi) expect(oi).toBeUndefined(); // theirs deleted
          if (!oi) continue;
          for (const f of ['start', 'end', 'text', 'singer', 'line', 'word', 'subword'] as const) {
            if (xi && xi[f] !== bi?.[f]) expect(oi[f]).toBe(xi[f]);
            if (yi && yi[f] !== bi?.[f]) expect(oi[f]).toBe(yi[f]);
          }
          // Translations merge language by language, like text.
          for (const side of [xi, yi]) {
            for (const lang of new Set([
              ...Object.keys(side?.translations ?? {}),
              ...Object.keys(bi?.translations ?? {}),
            ])) {
              if (side && side.translations?.[lang]?.text !== bi?.translations?.[lang]?.text)
                expect(oi.translations?.[lang]?.text).toBe(side.translations?.[lang]?.text);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
