// Lyrics sync through the real HTTP API on the demo song: the recogniser (when installed) places the
// words, the task output names the engine, progress shows while it runs, the times are sane, and
// words are stored as their syllables (sub-words inside the word).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProjectListEntrySchema, ProjectSchema, TaskSchema } from '../../src/contract';
import { SPHINX_MODEL } from '../audio/forced-align';
import { findSphinx } from '../audio/sphinx';
import { DEMO_TRUTH_PATH } from '../seed/demo';
import { call, parsed, serviceForSuite } from './harness';

const svc = serviceForSuite();

const truth = z
  .array(z.object({ line: z.number(), word: z.number(), start: z.number() }))
  .parse(JSON.parse(readFileSync(DEMO_TRUTH_PATH, 'utf8')));

describe.skipIf(!findSphinx())('lyrics sync with the recogniser', () => {
  it('aligns the demo song, names the engine and reports progress', async () => {
    const [entry] = parsed(z.array(ProjectListEntrySchema), await call(`${svc.api}/projects`));
    const project = parsed(ProjectSchema, await call(`${svc.api}/projects/${entry?.id}`));
    const lyrics = project.lyrics ?? '';
    const started = await call(`${svc.api}/projects/${project.id}/tasks/lyrics-sync`, {
      method: 'POST',
      body: { lyricsSource: { type: 'transcribe', lyrics } },
    });
    expect(started.status).toBeLessThan(300);
    const { taskId } = started.json as { taskId: string };
    const progress: number[] = [];
    // Raw JSON: the contract's output variants drop fields they do not name (progress, engine).
    const poll = async () => {
      const res = await call(`${svc.api}/tasks/${taskId}`);
      parsed(TaskSchema, res);
      return res.json as { status: string; output?: { progress?: unknown } | null };
    };
    let task = await poll();
    while (task.status !== 'completed' && task.status !== 'failed') {
      const seen = task.output?.progress;
      if (typeof seen === 'number') progress.push(seen);
      await new Promise((r) => setTimeout(r, 100));
      task = await poll();
    }
    expect(task.status).toBe('completed');
    const output = (await call(`${svc.api}/tasks/${taskId}`)).json as {
      output: {
        alignmentId: string;
        engine: string;
        notes?: string[];
      };
    };
    expect(output.output.engine).toBe(SPHINX_MODEL);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p >= 0 && p <= 1)).toBe(true);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    const after = parsed(ProjectSchema, await call(`${svc.api}/projects/${project.id}`));
    const made = after.alignments.find((a) => a.id === output.output.alignmentId);
    expect(made?.model).toBe(SPHINX_MODEL);
    const items = made?.alignment.items ?? [];
    const duration = after.duration ?? Infinity;
    for (const [i, item] of items.entries()) {
      expect(item.start).toBeGreaterThanOrEqual(0);
      expect(item.end).toBeGreaterThanOrEqual(item.start);
      expect(item.end).toBeLessThanOrEqual(duration);
      if (i > 0) expect(item.start).toBeGreaterThanOrEqual(items[i - 1]?.end ?? 0);
    }
    // Every word once, as sub-words 0..k-1 that spell it, inside it, subword 0 at its start.
    const lyricWords = lyrics
      .split('\n')
      .map((l) => l.trim().split(/\s+/).filter(Boolean))
      .filter((l) => l.length > 0)
      .flatMap((words, line) => words.map((text, word) => ({ line, word, text })));
    const words = lyricWords.map((w) => {
      const parts = items.filter((x) => x.line === w.line && x.word === w.word);
      expect(parts.map((p) => p.subword)).toEqual(parts.map((_, k) => k));
      expect(parts.map((p) => p.text).join('')).toBe(w.text);
      return { ...w, start: parts[0]?.start ?? NaN, end: parts.at(-1)?.end ?? NaN };
    });
    expect(items.length).toBeGreaterThan(words.length);
    expect(words).toHaveLength(truth.length);
    // Sane: most word starts near the demo song's ground truth (the energy-only result is not checked here).
    const near = truth.filter((w) => {
      const got = words.find((x) => x.line === w.line && x.word === w.word);
      return got && Math.abs(got.start - w.start) <= 0.3;
    });
    expect(near.length / truth.length).toBeGreaterThan(0.7);
  }, 300_000);
});
