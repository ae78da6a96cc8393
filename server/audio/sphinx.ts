import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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
   * where the silence model otherwise wins over most words. A number: that bonus (`-wip`; true is 100).
   */
  wordBonus?: boolean | number;
  /**
   * The cepstral mean to start from (13 values) instead of the model's own, which is far from a
   * song's (the running estimate takes seconds to settle).
   */
  cmn?: readonly number[];
  /**
   * Per word: it starts a lyrics line. Before such a word (and at the end) the search may pass
   * through a loop of single phones (`garbage`): music or voice that is not the lyrics (an intro, a
   * break, ad-libs) is absorbed there instead of pulling lyrics onto it.
   */
  lineStarts?: readonly boolean[];
  /** The garbage loop to use (default `garbage`). */
  garbageLoop?: GarbageLoop;
  /**
   * With `lineStarts`: the search may end after any whole line (then the loop takes the rest), so
   * it always finds a path and returns the lines it could place, in order, from the start.
   */
  openAtLines?: boolean;
  /**
   * Stop the search (no words) once it has used this many CPU seconds (read from /proc while it
   * runs, so it may overrun by up to half a second of polling); unbounded where /proc is missing.
   */
  maxCpuSeconds?: number;
}

export interface GarbageLoop {
  phones: readonly string[];
  probability: number;
}

/**
 * The loop between lines: each of these phones is a "word" the search may repeat, at this
 * probability per phone (scaled by the language weight like every transition).
 */
export const garbage: GarbageLoop = {
  phones: ['AA', 'IY', 'UW', 'EH', 'OW', 'ER', 'M', 'N', 'L', 'S', 'HH', 'B', 'D'],
  probability: 1e-3,
};

export interface SphinxResult {
  words: SphinxWord[];
  /** The running cepstral mean at the end of the search, when its log shows it. */
  cmn?: number[];
  /** CPU seconds the recogniser used, as last read from /proc while it ran (0 where unknown). */
  cpuSeconds?: number;
  /** It was stopped at `maxCpuSeconds` (no words). */
  stopped?: boolean;
}

/**
 * A finite-state grammar of exactly these words in this order (each its own dictionary entry, so
 * repeated words stay apart), with null arcs to the final state after every word when `openEnd`.
 */
export function grammar(
  count: number,
  openEnd: boolean,
  lineStarts?: readonly boolean[],
  loop: GarbageLoop = garbage,
  openAtLines = false,
): string {
  const lines = ['FSG_BEGIN lyrics', `NUM_STATES ${count + 1}`, 'START_STATE 0'];
  lines.push(`FINAL_STATE ${count}`);
  const addLoop = (state: number) => {
    for (const phone of loop.phones) {
      lines.push(`TRANSITION ${state} ${state} ${loop.probability} g_${phone}`);
    }
  };
  for (let i = 0; i < count; i++) {
    if (lineStarts?.[i]) {
      addLoop(i);
      if (openAtLines && i > 0 && !openEnd) lines.push(`TRANSITION ${i} ${count} 1.0`);
    }
    lines.push(`TRANSITION ${i} ${i + 1} 1.0 w${i}`);
    if (openEnd && i < count - 1) lines.push(`TRANSITION ${i + 1} ${count} 1.0`);
  }
  if (lineStarts) addLoop(count);
  lines.push('FSG_END');
  return lines.join('\n') + '\n';
}

function dictionary(words: string[][][], loop?: GarbageLoop): string {
  return [
    ...words.flatMap((variants, i) =>
      variants.map((phones, v) => `w${i}${v === 0 ? '' : `(${v + 1})`} ${phones.join(' ')}`),
    ),
    ...(loop ? loop.phones.map((p) => `g_${p} ${p}`) : []),
  ].join('\n');
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

/** The last cepstral mean the recogniser's log reports ("Update to < 67.43 -3.54 ... >"). */
export function parseCmn(log: string): number[] | undefined {
  const all = [...log.matchAll(/Update to\s*<([^>]*)>/g)];
  const values = all.at(-1)?.[1]?.trim().split(/\s+/).map(Number);
  return values && values.length === 13 && values.every(Number.isFinite) ? values : undefined;
}

/** The model's feature parameters with `-cmninit` set to `cmn` (the model's file would override the command line). */
function featureParams(hmm: string, cmn: readonly number[]): string {
  const lines = readFileSync(join(hmm, 'feat.params'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^-cmninit\b/.test(line));
  return [...lines, `-cmninit ${cmn.map((v) => v.toFixed(2)).join(',')}`].join('\n') + '\n';
}

/** How often a running search's progress is read. */
const PROGRESS_MS = 500;

/**
 * How far `pid` has read `file` (0..1 of `bytes`), from Linux's /proc (the recogniser reads its input
 * as it searches); undefined where that cannot be read.
 */
function readShare(
  pid: number,
  file: string,
  bytes: number,
  fd?: string,
): [number, string] | undefined {
  try {
    const found =
      fd ??
      readdirSync(`/proc/${pid}/fd`).find((n) => readlinkSync(`/proc/${pid}/fd/${n}`) === file);
    if (!found) return undefined;
    const pos = /^pos:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/fdinfo/${found}`, 'utf8'));
    return pos ? [Math.min(1, Number(pos[1]) / bytes), found] : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds `pid` has used so far (user + system, Linux /proc); undefined where unreadable. */
function processCpu(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Aligns the words on the samples with `pocketsphinx_continuous` (one utterance: `-remove_silence
 * no`, or every time shifts). No words when the search found no path. `onProgress` hears how much
 * of the audio the search has read (0..1), where the system shows it (Linux).
 */
export async function runSphinx(
  tools: SphinxTools,
  job: SphinxRun,
  onProgress?: (fraction: number) => void,
): Promise<SphinxResult> {
  const dir = mkdtempSync(join(tmpdir(), 'karaoke-sphinx-'));
  try {
    const search = writeSearchFiles(dir, tools, job);
    const cache = process.env.SPHINX_CACHE ? cachePath(dir, search) : undefined;
    const cached = cache && existsSync(cache) ? replay(cache, job) : undefined;
    if (cached) return cached;
    const { stdout, cpuSeconds, stopped } = await spawnSearch(tools, search, job, onProgress);
    let cmn: number[] | undefined;
    try {
      const log = readFileSync(search.log, 'utf8');
      cmn = parseCmn(log);
      if (process.env.SYNC_DEBUG) {
        const frames = /(\d+) frames/.exec(
          log
            .split('\n')
            .filter((l) => /frames/.test(l))
            .at(-1) ?? '',
        );
        const miss = /does not match the grammar in frame (\d+)/.exec(log);
        if (miss)
          console.error(
            `[sphinx] no path: last word exits in frame ${miss[1]} of ${frames?.[1] ?? '?'}`,
          );
      }
    } catch {
      cmn = undefined;
    }
    const result: SphinxResult = stopped
      ? { words: [], cpuSeconds, stopped }
      : { words: parseTimes(stdout), ...(cmn ? { cmn } : {}), cpuSeconds };
    if (cache) writeFileSync(cache, JSON.stringify(result));
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A cached search under this job's CPU bound (stopped when it used more); undefined: run it again. */
function replay(cache: string, job: SphinxRun): SphinxResult | undefined {
  const result = JSON.parse(readFileSync(cache, 'utf8')) as SphinxResult;
  const bound = job.maxCpuSeconds ?? Infinity;
  if (result.stopped) return (result.cpuSeconds ?? 0) >= bound ? result : undefined;
  if ((result.cpuSeconds ?? 0) > bound) return { words: [], cpuSeconds: bound, stopped: true };
  return result;
}

/**
 * Development (SPHINX_CACHE=<dir>): where the result of this exact search is kept, so that rules
 * after the searches can be tuned by replaying them (a search stopped at the CPU bound is replayed
 * as stopped: run without the cache to measure CPU).
 */
function cachePath(dir: string, search: SearchFiles): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(search.audio));
  for (const name of ['lyrics.fsg', 'lyrics.dict', 'feat.params']) {
    if (existsSync(join(dir, name))) hash.update(readFileSync(join(dir, name)));
  }
  hash.update(search.args.filter((a) => !a.startsWith(dir)).join(' '));
  mkdirSync(process.env.SPHINX_CACHE ?? '', { recursive: true });
  return join(process.env.SPHINX_CACHE ?? '', `${hash.digest('hex').slice(0, 32)}.json`);
}

/** The files of one search in its scratch folder, and the recogniser's arguments to read them. */
interface SearchFiles {
  /** The samples as a WAV file (its path and bytes: progress is how far the recogniser has read it). */
  audio: string;
  bytes: number;
  /** The recogniser's log (the cepstral mean it ended with). */
  log: string;
  args: string[];
}

/** Writes the audio, grammar, dictionaries (and start cepstral mean) of `job` into `dir`. */
function writeSearchFiles(dir: string, tools: SphinxTools, job: SphinxRun): SearchFiles {
  const wav = monoWav(job.samples, job.rate);
  const audio = join(dir, 'audio.wav');
  writeFileSync(audio, wav);
  const loop = job.garbageLoop ?? garbage;
  writeFileSync(
    join(dir, 'lyrics.fsg'),
    grammar(job.words.length, job.openEnd, job.lineStarts, loop, job.openAtLines),
  );
  writeFileSync(
    join(dir, 'lyrics.dict'),
    dictionary(job.words, job.lineStarts ? loop : undefined) + '\n',
  );
  // Silence is the only filler: the model's speech and noise fillers ([SPEECH], [NOISE]) match
  // sung words well enough to stand in for them, so an open-ended search could cover the rest of a
  // window with them instead of the lyrics.
  writeFileSync(join(dir, 'fillers.dict'), '<s> SIL\n</s> SIL\n<sil> SIL\n');
  const log = join(dir, 'search.log');
  if (job.cmn) writeFileSync(join(dir, 'feat.params'), featureParams(tools.hmm, job.cmn));
  const args = [
    ['-infile', audio],
    ['-hmm', tools.hmm],
    job.cmn ? ['-featparams', join(dir, 'feat.params')] : [],
    ['-dict', join(dir, 'lyrics.dict')],
    ['-fdict', join(dir, 'fillers.dict')],
    ['-fsg', join(dir, 'lyrics.fsg')],
    ['-samprate', String(job.rate)],
    ['-time', 'yes'],
    ['-remove_silence', 'no'],
    ['-bestpath', 'no'],
    ['-beam', job.beams.beam],
    ['-wbeam', job.beams.wbeam],
    ['-pbeam', job.beams.pbeam],
    ['-maxhmmpf', '-1'],
    job.wordBonus ? ['-wip', String(job.wordBonus === true ? 100 : job.wordBonus)] : [],
    ['-logfn', log],
  ].flat();
  return { audio, bytes: wav.length, log, args };
}

/**
 * Runs the recogniser to its end: its output, the CPU seconds it used (polled from /proc, with
 * the progress) and whether it was stopped at `job.maxCpuSeconds` (then its output is empty).
 */
function spawnSearch(
  tools: SphinxTools,
  search: SearchFiles,
  job: SphinxRun,
  onProgress?: (fraction: number) => void,
): Promise<{ stdout: string; cpuSeconds: number; stopped: boolean }> {
  let cpuSeconds = 0;
  let stopped = false;
  return new Promise((resolve, reject) => {
    const child = spawn(tools.binary, search.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr
      .setEncoding('utf8')
      .on('data', (chunk: string) => (err = (err + chunk).slice(-2000)));
    let fd: string | undefined;
    const poll =
      child.pid !== undefined &&
      setInterval(() => {
        const pid = child.pid;
        if (!pid) return;
        cpuSeconds = processCpu(pid) ?? cpuSeconds;
        if (job.maxCpuSeconds !== undefined && cpuSeconds > job.maxCpuSeconds && !stopped) {
          stopped = true;
          child.kill('SIGKILL');
          return;
        }
        const read = onProgress ? readShare(pid, search.audio, search.bytes, fd) : undefined;
        if (!read) return;
        fd = read[1];
        onProgress?.(read[0]);
      }, PROGRESS_MS);
    const stop = () => poll && clearInterval(poll);
    child.on('error', (error) => {
      stop();
      reject(error);
    });
    child.on('close', (code) => {
      stop();
      if (code === 0) resolve({ stdout: out, cpuSeconds, stopped });
      else if (stopped) resolve({ stdout: '', cpuSeconds, stopped });
      else reject(new Error(`pocketsphinx exited with ${code}: ${err}`));
    });
  });
}
