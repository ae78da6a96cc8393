import type { AlignmentItem } from '../../../contract';
import { rowItem, type RowIndex } from './row-index';

export interface FoundWord {
  /** The row of the word found. */
  row: number;
  /** Which match it is in list order (1-based), and how many there are. */
  match: number;
  total: number;
}

// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;

/** Case- and accent-blind form of a text for matching. */
export const foldText = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The next word row (in list order, wrapping) after `fromRow` (before it when `direction` is -1)
 * whose text or reading contains `query`, or line row whose translation does, case- and
 * accent-blind. One pass over the rows, only when asked
 * (Enter in the "Find word" field), so 100,000 words cost a few milliseconds and nothing per frame.
 */
export function findWord(
  index: RowIndex,
  query: string,
  fromRow: number,
  direction: 1 | -1 = 1,
): FoundWord | null {
  const q = foldText(query.trim());
  if (q === '' || index.count === 0) return null;
  const matches: number[] = [];
  const has = (text: string) =>
    // Plain ASCII words need no folding (most lyrics): lower-casing is enough.
    (NON_ASCII.test(text) ? foldText(text) : text.toLowerCase()).includes(q);
  const translated = (item: AlignmentItem | undefined) => {
    if (item?.translations)
      for (const lang in item.translations) if (has(item.translations[lang]!.text)) return true;
    return false;
  };
  for (let row = 0; row < index.count; row++) {
    const item = rowItem(index, row);
    if (!item) {
      // A line header: the line's translations, held on its first item (ADR 0017).
      if (translated(rowItem(index, row + 1))) matches.push(row);
      continue;
    }
    const head = index.docIndex[row - 1] === -1;
    if (has(item.text) || (!head && translated(item))) matches.push(row);
  }
  if (matches.length === 0) return null;
  let k: number;
  if (direction > 0) {
    k = matches.findIndex((row) => row > fromRow);
    if (k < 0) k = 0;
  } else {
    k = matches.length - 1;
    while (k >= 0 && (matches[k] as number) >= fromRow) k--;
    if (k < 0) k = matches.length - 1;
  }
  return { row: matches[k] as number, match: k + 1, total: matches.length };
}

/** A search's outcome for the list: the row to focus, the item to select, what to say. */
export interface FindOutcome {
  row: number;
  /** The word to select (a line row's first word when a translation matched). */
  item: AlignmentItem;
  message: string;
}

/**
 * Searches from `fromRow` and says the result as the live region reads it: the word, its times and
 * line and which match it is; a line's translation; or that no word contains the text (null row).
 */
export function findAndDescribe(
  index: RowIndex,
  query: string,
  fromRow: number,
  direction: 1 | -1,
  formatTime: (seconds: number) => string,
): FindOutcome | { row: null; message: string } {
  const hit = findWord(index, query, fromRow, direction);
  const none = {
    row: null,
    message: query.trim() === '' ? '' : `No word contains “${query.trim()}”.`,
  };
  if (!hit) return none;
  const header = index.docIndex[hit.row] === -1;
  const item = rowItem(index, header ? hit.row + 1 : hit.row);
  if (!item) return { row: null, message: '' };
  const match = `match ${hit.match} of ${hit.total}.`;
  const message = header
    ? `Translation of line ${item.line + 1}: ${match}`
    : `${item.text}, ${formatTime(item.start)} to ${formatTime(item.end)}, line ${item.line + 1}: ${match}`;
  return { row: hit.row, item, message };
}
