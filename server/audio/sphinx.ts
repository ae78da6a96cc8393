import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findOnPath } from './decode';
import { monoWav } from './resample';

/** Debian's `pocketsphinx` + `pocketsphinx-en-us` (docs/adr/0009-forced-alignment-engine.md). */
export interface SphinxTools {
  binary: string;
  /** Acoustic model directory and pronouncing dictionary. */
  hmm: string;
  dictionary: string;
}

const MODEL_DIRS = [
  '/usr/share/pocketsphinx/model/en-us',
  '/usr/local/share/pocketsphinx/model/en-us',
];

/** The recogniser and the English model, when installed (read at call time; `SPHINX_MODEL_DIR` overrides). */
export function findSphinx(): SphinxTools | undefined {
  const binary = findOnPath('pocketsphinx_continuous');
  if (!binary) return undefined;
  const dirs = process.env.SPHINX_MODEL_DIR ? [process.env.SPHINX_MODEL_DIR] : MODEL_DIRS;
  for (const dir of dirs) {
    const hmm = join(dir, 'en-us');
    const dictionary = join(dir, 'cmudict-en-us.dict');
    if (existsSync(join(hmm, 'mdef')) && existsSync(dictionary)) return { binary, hmm, dictionary };
  }
  return undefined;
}

export interface Beams {
  beam: string;
  wbeam: string;
  pbeam: string;
}
/** Tried first: as accurate as the widest on the songs measured, in about 60% of the time. */
export const NORMAL_BEAMS: Beams = { beam: '1e-120', wbeam: '1e-100', pbeam: '1e-120' };
/** The retry when the normal search finds no path to the end of the grammar. */
export const WIDE_BEAMS: Beams = { beam: '1e-300', wbeam: '1e-300', pbeam: '1e-300' };

export interface SphinxWord {
  /** Index into the `words` given. */
  index: number;
  /** Seconds from the start of the samples given. */
  start: number;
  end: number;
}

export interface SphinxRun {
  samples: Int16Array;
  rate: number;
  /** Each word's pronunciations (CMU phones), in sung order. */
  words: string[][][];
  /** The search may stop after any word (a window that holds only part of the lyrics). */
  openEnd: boolean;
  beams: Beams;
  /**
   * A large word-insertion bonus: for voices the model matches badly (the synthetic demo song),
   * where the silence model otherwise wins over most words.
   */
  wordBonus?: boolean;
}

/**
 * A finite-state grammar of exactly these words in this order (each its own dictionary entry, so
 * repeated words stay apart), with null arcs to the final state after every word when `openEnd`.
 */
function grammar(count: number, openEnd: boolean): string {
  const lines = ['FSG_BEGIN lyrics', `NUM_STATES ${count + 1}`, 'START_STATE 0'];
  lines.push(`FINAL_STATE ${count}`);
  for (let i = 0; i < count; i++) {
    lines.push(`TRANSITION ${i} ${i + 1} 1.0 w${i}`);
    if (openEnd && i < count - 1) lines.push(`TRANSITION ${i + 1} ${count} 1.0`);
  }
  lines.push('FSG_END');
  return lines.join('\n') + '\n';
}

function dictionary(words: string[][][]): string {
  return words
    .flatMap((variants, i) =>
      variants.map((phones, v) => `w${i}${v === 0 ? '' : `(${v + 1})`} ${phones.join(' ')}`),
    )
    .join('\n');
}

/** Parses `-time yes` output: one `w<i> <start> <end> <p>` line per word (fillers skipped). */
export function parseTimes(stdout: string): SphinxWord[] {
  const words: SphinxWord[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^w(\d+)(?:\(\d+\))? (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)/.exec(line);
    if (m) words.push({ index: Number(m[1]), start: Number(m[2]), end: Number(m[3]) });
  }
  return words;
}

/**
 * Aligns the words on the samples with `pocketsphinx_continuous` (one utterance: `-remove_silence
 * no`, or every time shifts). Returns [] when the search found no path.
 */
export async function runSphinx(tools: SphinxTools, job: SphinxRun): Promise<SphinxWord[]> {
  const dir = mkdtempSync(join(tmpdir(), 'karaoke-sphinx-'));
  try {
    writeFileSync(join(dir, 'audio.wav'), monoWav(job.samples, job.rate));
    writeFileSync(join(dir, 'lyrics.fsg'), grammar(job.words.length, job.openEnd));
    writeFileSync(join(dir, 'lyrics.dict'), dictionary(job.words) + '\n');
    const args = [
      ['-infile', join(dir, 'audio.wav')],
      ['-hmm', tools.hmm],
      ['-dict', join(dir, 'lyrics.dict')],
      ['-fsg', join(dir, 'lyrics.fsg')],
      ['-samprate', String(job.rate)],
      ['-time', 'yes'],
      ['-remove_silence', 'no'],
      ['-bestpath', 'no'],
      ['-beam', job.beams.beam],
      ['-wbeam', job.beams.wbeam],
      ['-pbeam', job.beams.pbeam],
      ['-maxhmmpf', '-1'],
      job.wordBonus ? ['-wip', '100'] : [],
      ['-logfn', '/dev/null'],
    ].flat();
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = spawn(tools.binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      child.stderr
        .setEncoding('utf8')
        .on('data', (chunk: string) => (err = (err + chunk).slice(-2000)));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`pocketsphinx exited with ${code}: ${err}`)),
      );
    });
    return parseTimes(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
