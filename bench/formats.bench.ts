// Reading and writing 100,000 items in each timing format: `npm run bench formats`.
import { readTimings, TIMING_FORMATS, writeTimings } from '../src/formats';
import { karaokeSong } from '../src/formats/test-song';
import { report, timeRuns } from './report';

const N = 100_000;
const BUDGET = 500;
const RUNS = 7;
const items = karaokeSong(N, true);
const encoder = new TextEncoder();

for (const { id } of TIMING_FORMATS) {
  // Bytes, as the editor and the command get them: decoding and detection are part of reading.
  const bytes = encoder.encode(writeTimings(items, id, { title: 'Bench' }));
  let read = 0;
  report(
    `formats: read ${id} (100k items)`,
    timeRuns(
      () => {
        read = readTimings(bytes).items.length;
      },
      RUNS,
      1,
    ),
    BUDGET,
  );
  // Line-timed formats join syllables into words: fewer items, never none.
  if (read === 0) throw new Error(`${id}: nothing read back`);
  report(
    `formats: write ${id} (100k items)`,
    timeRuns(() => void writeTimings(items, id, { title: 'Bench' }), RUNS, 1),
    BUDGET,
  );
}
