import { fromColumns, sampleItems, toColumns } from '../../../contract/item-columns';
import { createDoc } from '../../../timing';
import { buildRowIndex } from '../panels/row-index';

const ROUNDS = 3;
let warmed = false;

/**
 * Warms up the code that opens a document (the timing core's `createDoc`, the word list's row
 * index) while the page waits for the project: a few rounds over 2,000 made-up items, one task
 * each, once per page. Run cold, their loops over 100,000 words start in the interpreter on the
 * way to the first input (node, fresh processes: the row index ~9-12 -> ~2 ms of CPU, the doc
 * ~4 -> ~1.5 ms). The items are made as the project reader makes them (`fromColumns`), so the
 * warmed code sees the same object shapes.
 */
export function warmUpOpening(round = 0): void {
  if (round === 0 && warmed) return;
  warmed = true;
  if (round >= ROUNDS) return;
  const columns = toColumns(sampleItems(2000));
  if (columns) buildRowIndex(createDoc(fromColumns(columns)));
  setTimeout(() => warmUpOpening(round + 1), 0);
}
