import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'timings-cli-'));

/** Runs the real command as a user would (tsx, no npm in between to keep it fast). */
function timings(...args: string[]) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/timings.ts'), ...args],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('timings convert', () => {
  it('converts to stdout with warnings on stderr and exit 0', () => {
    const path = file('a.lrc', '[00:01.00]Hello world\nno stamp\n[00:03.00]\n');
    const r = timings('convert', path, '--to', 'elrc');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('[00:01.00]<00:01.00>Hello <00:02.00>world<00:03.00>\n[00:03.00]\n');
    expect(r.stderr).toBe('warning: line 2: This line has no time stamp; skipped.\n');
  });

  it('honours --from over detection', () => {
    const path = file('b.txt', '[00:01.00]<00:01.00>a<00:02.00>\n');
    const r = timings('convert', path, '--from', 'elrc', '--to', 'json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      items: [{ line: 0, word: 0, subword: 0, start: 1, end: 2, text: 'a' }],
    });
  });

  it('fails with one line and no stack when nothing is readable', () => {
    const r = timings('convert', file('c.lrc', 'just some words\n'), '--to', 'json');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^timings: /);
    expect(r.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it.each([
    [['convert', 'x.lrc'], /--to <format> is required/],
    [['convert', 'x.lrc', '--to', 'docx'], /unknown format for --to/],
    [['frobnicate'], /the only command is "convert"/],
    [['convert', 'x.lrc', '--to', 'lrc', '--bogus'], /Unknown option/],
  ])('rejects wrong arguments %j with a usage line and exit 2', (args, message) => {
    const r = timings(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/^usage: npm run -s timings -- convert/m);
  });

  it('names a missing file', () => {
    const r = timings('convert', join(dir, 'missing.lrc'), '--to', 'lrc');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/cannot read .*missing\.lrc: no such file/);
  });
});
