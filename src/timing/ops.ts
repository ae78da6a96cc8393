import { applyChange, EMPTY_CHANGE, type Change } from './change';
import { getItem, type TimingDoc } from './doc';
import { DEFAULT_EDIT_SETTINGS, type EditSettings, type TimingOp } from './op-types';
import { holdEnd, moveItems, nudgeItems, roll, setEdge, stepSize, stretch, tap } from './ops-time';
import {
  deleteItems,
  insertItems,
  insertWord,
  mergeWords,
  replaceItems,
  setSinger,
  setText,
  setTranslation,
  split,
} from './ops-words';
import { setLineText } from './text-edit';
import { joinLines, splitLine } from './line-ops';
import { carryLineTranslations, renameLanguage, setLineTranslation } from './translations';

/** What `op` would change in `doc` (pure; nothing is applied). */
export function planOp(
  doc: TimingDoc,
  op: TimingOp,
  settings: EditSettings = DEFAULT_EDIT_SETTINGS,
): Change {
  switch (op.type) {
    case 'move':
      return moveItems(doc, op.keys, op.delta, settings);
    case 'nudge':
      return nudgeItems(
        doc,
        op.keys,
        op.direction * stepSize(op.step, settings),
        op.edge ?? 'both',
        settings,
      );
    case 'setStart':
    case 'setEnd': {
      const item = getItem(doc, op.key);
      return item
        ? setEdge(doc, item, op.type === 'setStart' ? 'start' : 'end', op.time, settings)
        : EMPTY_CHANGE;
    }
    case 'roll': {
      const left = getItem(doc, op.leftKey);
      const right = getItem(doc, op.rightKey);
      return left && right ? roll(doc, left, right, op.time) : EMPTY_CHANGE;
    }
    case 'stretch':
      return stretch(doc, op.keys, op.start, op.end);
    case 'tap':
      return tap(doc, op.key, op.prevKey, op.time, op.latency);
    case 'holdEnd':
      return holdEnd(doc, op.key, op.time, op.latency);
    case 'split':
      return split(doc, op.key, op.at, op.time, op.into);
    case 'mergeWords':
      return carryLineTranslations(doc, mergeWords(doc, op.keys));
    case 'replace':
      return replaceItems(doc, op.keys, op.items);
    case 'insert':
      return insertItems(doc, op.items, op.estimated);
    case 'insertWord':
      return insertWord(doc, op.afterKey, op.text);
    case 'delete':
      return carryLineTranslations(doc, deleteItems(doc, op.keys));
    case 'setText':
      return setText(doc, op.key, op.text);
    case 'setLineText':
      return carryLineTranslations(doc, setLineText(doc, op.line, op.text));
    case 'setSinger':
      return setSinger(doc, op.keys, op.singer);
    case 'setTranslation':
      return setTranslation(doc, op.key, op.lang, op.text);
    case 'setLineTranslation':
      return setLineTranslation(doc, op.line, op.lang, op.text);
    case 'renameLanguage':
      return renameLanguage(doc, op.from, op.to);
    case 'splitLine':
      return splitLine(doc, op.key);
    case 'joinLines':
      return joinLines(doc, op.line);
    default: {
      const never: never = op;
      throw new Error(`unknown op ${JSON.stringify(never)}`);
    }
  }
}

/** `(doc, op) -> doc` with structural sharing, plus the change (for history). */
export function applyOp(
  doc: TimingDoc,
  op: TimingOp,
  settings: EditSettings = DEFAULT_EDIT_SETTINGS,
): { doc: TimingDoc; change: Change } {
  const change = planOp(doc, op, settings);
  return { doc: applyChange(doc, change), change };
}
