/**
 * An alignment's items as columns, to move them between threads without a structured clone of
 * 100,000 objects (which costs more on the receiving side than the JSON.parse it would save): the
 * numbers in one Float64Array, the ids and texts in one string with their lengths. The project
 * reader's worker (src/api/project-worker.ts) checks each item as `items-response.ts` does
 * (`plainItem`) and makes columns only when every item is plain; the page builds the items back in
 * the timing core's field order, with no check left to run (what `fastItems` would have given).
 */
import { isPlainItem, type PlainItem } from './plain-item';

export interface ItemColumns {
  count: number;
  /** Per item: line, word, subword, singer (-1: none), start, end. */
  numbers: Float64Array<ArrayBuffer>;
  /** Per item: the id's length (-1: none) and the text's length, in `strings`. */
  lengths: Int32Array<ArrayBuffer>;
  /** Every item's id (if any) then text, one after the other. */
  strings: string;
}

const NUMBERS = 6;

/** The columns of `items`, or null when any item is not plain (zod reads the list then). */
export function toColumns(items: readonly unknown[]): ItemColumns | null {
  const count = items.length;
  const numbers = new Float64Array(count * NUMBERS);
  const lengths = new Int32Array(count * 2);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const item = items[i];
    if (!isPlainItem(item)) return null;
    const n = i * NUMBERS;
    numbers[n] = item.line;
    numbers[n + 1] = item.word;
    numbers[n + 2] = item.subword;
    numbers[n + 3] = item.singer ?? -1;
    numbers[n + 4] = item.start;
    numbers[n + 5] = item.end;
    if (item.id === undefined) lengths[i * 2] = -1;
    else {
      lengths[i * 2] = item.id.length;
      parts.push(item.id);
    }
    lengths[i * 2 + 1] = item.text.length;
    parts.push(item.text);
  }
  return { count, numbers, lengths, strings: parts.join('') };
}

/** The items again, each as `plainItem` builds it. */
export function fromColumns({ count, numbers, lengths, strings }: ItemColumns): PlainItem[] {
  const items: PlainItem[] = new Array<PlainItem>(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const n = i * NUMBERS;
    const idLength = lengths[i * 2]!;
    let id: string | undefined;
    if (idLength >= 0) id = strings.slice(at, (at += idLength));
    const text = strings.slice(at, (at += lengths[i * 2 + 1]!));
    const line = numbers[n]!;
    const word = numbers[n + 1]!;
    const subword = numbers[n + 2]!;
    const start = numbers[n + 4]!;
    const end = numbers[n + 5]!;
    const item: PlainItem =
      id === undefined
        ? { line, word, subword, start, end, text }
        : { id, line, word, subword, start, end, text };
    const singer = numbers[n + 3]!;
    if (singer >= 0) item.singer = singer;
    items[i] = item;
  }
  return items;
}

/** The buffers to transfer with the columns. */
export const columnBuffers = (c: ItemColumns): ArrayBuffer[] => [
  c.numbers.buffer,
  c.lengths.buffer,
];

/** The columns of one alignment of a project, by its place in `alignments`. */
export interface AlignmentColumns {
  at: number;
  columns: ItemColumns;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Takes the items of each alignment of a project response (parsed JSON, changed in place) out as
 * columns where every item is plain; their lists are left empty for the schema's parse. Anything
 * else stays where it is for the schema to read (and reject, with its usual messages).
 */
export function takeItemColumns(payload: unknown): AlignmentColumns[] {
  if (!isObject(payload) || !Array.isArray(payload.alignments)) return [];
  const out: AlignmentColumns[] = [];
  payload.alignments.forEach((a: unknown, at) => {
    if (!isObject(a) || !isObject(a.alignment) || !Array.isArray(a.alignment.items)) return;
    const columns = toColumns(a.alignment.items);
    if (!columns) return;
    a.alignment.items = [];
    out.push({ at, columns });
  });
  return out;
}

/** Puts the items back into the parsed project (`takeItemColumns` undone, after the schema). */
export function putItemColumns(
  project: { alignments: { alignment: { items: unknown[] } }[] },
  taken: readonly AlignmentColumns[],
): void {
  for (const { at, columns } of taken) {
    const alignment = project.alignments[at];
    if (alignment) alignment.alignment.items = fromColumns(columns);
  }
}
