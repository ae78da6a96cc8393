/**
 * `npm run -s timings -- convert <file> --to <format> [--from <format>]`: converts a lyric timing
 * file with the app's own module (src/formats). The result goes to stdout, warnings to stderr.
 * Exit 0 on success (with or without warnings), 1 when nothing could be read, 2 on bad arguments.
 * Every failure is one line: no stack traces.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  isTimingFormat,
  readTimings,
  TIMING_FORMATS,
  TimingFormatError,
  translationLosses,
  writeTimings,
  type TimingFormat,
} from '../src/formats';

const NAMES = TIMING_FORMATS.map((f) => f.id).join('|');
const USAGE = `usage: npm run -s timings -- convert <file> --to <${NAMES}> [--from <${NAMES}>] [--title T] [--artist A] [--language L]`;
/** Enough to see what went wrong; the rest are counted. */
const MAX_WARNINGS = 200;

class UsageError extends Error {}

function formatArg(value: string | undefined, flag: string): TimingFormat | undefined {
  if (value === undefined) return undefined;
  const v = value.toLowerCase();
  if (!isTimingFormat(v)) throw new UsageError(`unknown format for ${flag}: "${value}"`);
  return v;
}

function run(argv: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        to: { type: 'string' },
        from: { type: 'string' },
        title: { type: 'string' },
        artist: { type: 'string' },
        language: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
  const { positionals, values } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals[0] !== 'convert') throw new UsageError('the only command is "convert"');
  if (positionals.length !== 2) throw new UsageError('give exactly one file to convert');
  if (!values.to) throw new UsageError('--to <format> is required');
  const to = formatArg(values.to, '--to')!;
  const from = formatArg(values.from, '--from');
  const file = positionals[1]!;
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file === '-' ? 0 : file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : (code ?? 'unreadable');
    process.stderr.write(`timings: cannot read ${file}: ${why}\n`);
    return 1;
  }
  const result = readTimings(bytes, { fileName: file, ...(from ? { format: from } : {}) });
  const out = writeTimings(result.items, to, {
    title: values.title ?? result.metadata.title,
    artist: values.artist ?? result.metadata.artist,
    language: values.language ?? result.metadata.language,
  });
  const shown = result.warnings.slice(0, MAX_WARNINGS);
  const lines = shown.map(
    (w) => `warning: ${w.line === null ? '' : `line ${w.line}: `}${w.message}`,
  );
  for (const loss of translationLosses(result.items, to)) lines.push(`warning: ${loss}`);
  if (result.warnings.length > shown.length) {
    lines.push(`warning: ${result.warnings.length - shown.length} more warnings not shown`);
  }
  if (lines.length > 0) process.stderr.write(lines.join('\n') + '\n');
  process.stdout.write(out);
  return 0;
}

function main(): void {
  try {
    process.exitCode = run(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`timings: ${error.message}\n${USAGE}\n`);
      process.exitCode = 2;
    } else if (error instanceof TimingFormatError) {
      process.stderr.write(`timings: ${error.message}\n`);
      process.exitCode = 1;
    } else {
      const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
      process.stderr.write(`timings: unexpected failure: ${why}\n`);
      process.exitCode = 1;
    }
  }
}

main();
