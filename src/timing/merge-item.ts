import type { AlignmentItem, Translation } from '../contract';
import { reviseItem } from './item-key';

export type MergeField = 'position' | 'start' | 'end' | 'text' | 'singer' | 'translations';
type Translations = Readonly<Record<string, Translation>>;

export interface MergeConflict {
  readonly key: string;
  /** 'edit': both changed the same field differently; 'delete-edit' / 'edit-delete': one side deleted. */
  readonly kind: 'edit' | 'delete-edit' | 'edit-delete' | 'add-add';
  readonly fields: readonly MergeField[];
  readonly base: AlignmentItem | undefined;
  readonly mine: AlignmentItem | undefined;
  readonly theirs: AlignmentItem | undefined;
  /** The item each choice yields (undefined: deleted); non-conflicting fields are merged in both. */
  readonly resolved: {
    readonly mine: AlignmentItem | undefined;
    readonly theirs: AlignmentItem | undefined;
  };
}

/** A merge as edits of `mine`: [item of mine or undefined, merged item or undefined]. */
export type Replacement = readonly [AlignmentItem | undefined, AlignmentItem | undefined];

export interface MergeResult {
  readonly replacements: readonly Replacement[];
  readonly conflicts: readonly MergeConflict[];
}

const sameTranslation = (a: Translation | undefined, b: Translation | undefined) =>
  a === b || (!!a && !!b && a.text === b.text && a.editedManually === b.editedManually);

function sameTranslations(a: Translations | undefined, b: Translations | undefined): boolean {
  if (a === b) return true;
  const ka = Object.keys(a ?? {});
  if (ka.length !== Object.keys(b ?? {}).length) return false;
  return ka.every((k) => sameTranslation(a?.[k], b?.[k]));
}

const FIELDS: readonly MergeField[] = [
  'position',
  'start',
  'end',
  'text',
  'singer',
  'translations',
];

function sameField(
  f: MergeField,
  a: AlignmentItem | undefined,
  b: AlignmentItem | undefined,
): boolean {
  if (!a || !b) return a === b;
  switch (f) {
    case 'position':
      return a.line === b.line && a.word === b.word && a.subword === b.subword;
    case 'start':
    case 'end':
    case 'text':
    case 'singer':
      return a[f] === b[f];
    case 'translations':
      return sameTranslations(a.translations, b.translations);
  }
}

export function sameItem(a: AlignmentItem | undefined, b: AlignmentItem | undefined): boolean {
  return a === b || (!!a && !!b && a.id === b.id && FIELDS.every((f) => sameField(f, a, b)));
}

/** Per-language merge of translations; null when a language conflicts. */
function mergeTranslations(
  b?: Translations,
  m?: Translations,
  t?: Translations,
): Translations | undefined | null {
  const out: Record<string, Translation> = {};
  for (const lang of new Set([
    ...Object.keys(b ?? {}),
    ...Object.keys(m ?? {}),
    ...Object.keys(t ?? {}),
  ])) {
    const [bv, mv, tv] = [b?.[lang], m?.[lang], t?.[lang]];
    const v =
      sameTranslation(mv, tv) || sameTranslation(tv, bv) ? mv : sameTranslation(mv, bv) ? tv : null;
    if (v === null) return null;
    if (v) out[lang] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

function build(
  like: AlignmentItem,
  pick: (f: MergeField) => AlignmentItem,
  translations: Translations | undefined,
): AlignmentItem {
  const pos = pick('position');
  return reviseItem(like, {
    line: pos.line,
    word: pos.word,
    subword: pos.subword,
    start: pick('start').start,
    end: pick('end').end,
    text: pick('text').text,
    singer: pick('singer').singer,
    translations,
  });
}

/** Field merge of one item changed on both sides; base may be absent (added on both). */
export function mergeItem(
  key: string,
  b: AlignmentItem | undefined,
  m: AlignmentItem,
  t: AlignmentItem,
): Replacement | MergeConflict {
  const fields: MergeField[] = [];
  const fromTheirs = new Set<MergeField>();
  let combined = false; // translations merged language by language
  for (const f of FIELDS) {
    if (sameField(f, m, t) || sameField(f, t, b)) continue;
    if (sameField(f, m, b)) fromTheirs.add(f);
    else if (f !== 'translations') fields.push(f);
    else if (mergeTranslations(b?.translations, m.translations, t.translations) === null)
      fields.push(f);
    else combined = true;
  }
  const merged = mergeTranslations(b?.translations, m.translations, t.translations);
  const make = (side: 'mine' | 'theirs') =>
    build(
      m,
      (f) => (fromTheirs.has(f) || (side === 'theirs' && fields.includes(f)) ? t : m),
      fields.includes('translations')
        ? (side === 'mine' ? m : t).translations
        : (merged ?? undefined),
    );
  if (!fields.length) {
    const item =
      fromTheirs.size === 0 && !combined ? m : fromTheirs.size === FIELDS.length ? t : make('mine');
    return [m, sameItem(item, m) ? m : item];
  }
  return {
    key,
    kind: b ? 'edit' : 'add-add',
    fields,
    base: b,
    mine: m,
    theirs: t,
    resolved: { mine: make('mine'), theirs: make('theirs') },
  };
}
