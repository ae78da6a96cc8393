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

  it('converts a CP1252 UltraStar file to JSON with the BPM/GAP times, and back to UltraStar', () => {
    const text =
      '#TITLE:Caf\xe9\n#BPM:300,5\n#GAP:1234\n: 0 4 5 Gar\n: 4 4 5 \xe7on\n- 10\n: 12 2 5 ~\nE\n';
    const path = file('song.txt', Buffer.from(text, 'latin1'));
    const r = timings('convert', path, '--to', 'json');
    expect(r.status).toBe(0);
    const { items } = JSON.parse(r.stdout) as { items: { start: number; text: string }[] };
    const at = (beat: number) => 1.234 + (beat * 60) / (300.5 * 4);
    expect(items.map((x) => x.text)).toEqual(['Gar', '\u00e7on', '~']);
    items.forEach((x, i) => expect(x.start).toBeCloseTo(at([0, 4, 12][i]!), 9));
    const back = timings('convert', file('song.json', r.stdout), '--to', 'ultrastar');
    expect(back.status).toBe(0);
    expect(back.stdout).toMatch(
      /^#TITLE:Untitled\n[\s\S]*#BPM:1500\n#GAP:1230\n: 0 20 0 Gar\n: 20 20 0 çon\n- 40\n: 60 10 0 ~\nE\n$/,
    );
  });

  it('names a missing file', () => {
    const r = timings('convert', join(dir, 'missing.lrc'), '--to', 'lrc');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/cannot read .*missing\.lrc: no such file/);
  });
});
