// "Sync again around my fixes" through the real HTTP API (issue 22): the alignment variant of
// lyricsSource, its 422s, the review a sync leaves in its task output (confidence + synced times),
// the default keep set (words edited by hand since the sync), kept words unchanged, a new alignment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProjectListEntrySchema,
  ProjectSchema,
  SyncReviewSchema,
  TaskStartSchema,
  type Alignment,
  type AlignmentItem,
  type Project,
} from '../../src/contract';
import { z } from 'zod';
import { waitForTask } from './flow';
import { call, parsed, problem, startService, type Running } from './harness';

let svc: Running;
let project: Project;
beforeAll(async () => {
  svc = await startService({ seed: true });
  const [entry] = parsed(z.array(ProjectListEntrySchema), await call(`${svc.api}/projects`));
  project = parsed(ProjectSchema, await call(`${svc.api}/projects/${entry?.id}`));
}, 60_000);
afterAll(() => svc.cleanup());

const byName = (p: Project, name: string) => p.alignments.find((a) => a.name === name) as Alignment;
const sync = (body: unknown) =>
  call(`${svc.api}/projects/${project.id}/tasks/lyrics-sync`, { method: 'POST', body });
const fresh = async () => parsed(ProjectSchema, await call(`${svc.api}/projects/${project.id}`));
const balance = async () =>
  ((await call(`${svc.api}/credits`)).json as { availableBalance: number }).availableBalance;
/** The raw task output (the contract's variants drop the fields they do not name). */
const rawOutput = async (taskId: string) =>
  ((await call(`${svc.api}/tasks/${taskId}`)).json as { output: Record<string, unknown> }).output;
const shape = (items: readonly AlignmentItem[]) =>
  items.map((x) => [x.line, x.word, x.subword, x.text]);

describe('lyricsSource { type: "alignment" }', () => {
  it('refuses what it cannot do with 422 at the field, charging nothing', async () => {
    const before = await balance();
    const local = byName(project, 'Local aligner');
    const reference = byName(project, 'Reference timing');
    const unknown = problem(
      await sync({ lyricsSource: { type: 'alignment', alignmentId: 'aln_nope' } }),
      422,
    );
    expect(unknown.errors).toEqual([
      { path: 'lyricsSource.alignmentId', message: 'no alignment with this id in the project' },
    ]);
    const firstId = local.alignment.items[0]?.id ?? '';
    const badItem = problem(
      await sync({
        lyricsSource: { type: 'alignment', alignmentId: local.id, keepItemIds: [firstId, 'x'] },
      }),
      422,
    );
    expect(badItem.errors?.[0]?.path).toBe('lyricsSource.keepItemIds.1');
    // A hand-made alignment has no sync to compare with: the words to keep must be named.
    const noSync = problem(
      await sync({ lyricsSource: { type: 'alignment', alignmentId: reference.id } }),
      422,
    );
    expect(noSync.errors?.[0]?.path).toBe('lyricsSource.keepItemIds');
    expect(noSync.errors?.[0]?.message).toMatch(/not made by a sync/);
    const extra = problem(
      await sync({ lyricsSource: { type: 'alignment', alignmentId: local.id, lyrics: 'x' } }),
      422,
    );
    expect(extra.errors?.map((e) => e.path).join(' ')).toMatch(/lyricsSource/);
    problem(await sync({ lyricsSource: { type: 'alignment' } }), 422);
    problem(await sync({ lyricsSource: { type: 'other', lyrics: 'x' } }), 422);
    expect(await balance()).toBe(before);
  });

  it("a sync's output carries its review: every item's synced times and its word's confidence", async () => {
    const tasks = (await call(`${svc.api}/projects/${project.id}/tasks`)).json as {
      id: string;
      type: string;
    }[];
    const create = tasks.find((t) => t.type === 'create-karaoke');
    const output = await rawOutput(create?.id ?? '');
    const review = SyncReviewSchema.parse(output.review);
    const local = byName(project, 'Local aligner');
    expect(review.alignmentId).toBe(local.id);
    for (const item of local.alignment.items) {
      expect(review.synced[item.id ?? '']).toEqual([item.start, item.end]);
    }
  });

  it('keeps the words edited by hand exactly and aligns the rest into a new alignment', async () => {
    const local = byName(project, 'Local aligner');
    const reference = byName(project, 'Reference timing');
    // Fix two words by hand: the reference's times for the 3rd word of line 1 and the 2nd of line 4.
    const fixed = [
      { line: 1, word: 2 },
      { line: 4, word: 1 },
    ];
    const isFixed = (x: AlignmentItem) => fixed.some((f) => f.line === x.line && f.word === x.word);
    const truth = (x: AlignmentItem) =>
      reference.alignment.items.find((r) => r.line === x.line && r.word === x.word)!;
    const words = local.alignment.items.filter(isFixed);
    expect(words.length).toBeGreaterThanOrEqual(2);
    const edited = local.alignment.items.map((x) => {
      if (!isFixed(x)) return x;
      // Each sub-word moved by the same amount as its word's start.
      const first = local.alignment.items.find(
        (y) => y.line === x.line && y.word === x.word && y.subword === 0,
      )!;
      const shift = truth(x).start - first.start;
      return { ...x, start: x.start + shift, end: x.end + shift };
    });
    const saved = await call(`${svc.api}/projects/${project.id}/alignments/${local.id}`, {
      method: 'PUT',
      body: { alignment: { items: edited }, expectedRevision: local.revision },
    });
    expect(saved.status).toBe(200);
    const source = (saved.json as Alignment).alignment.items;
    const before = await balance();
    const count = (await fresh()).alignments.length;

    const start = parsed(
      TaskStartSchema,
      await sync({ lyricsSource: { type: 'alignment', alignmentId: local.id } }),
    );
    // Charged like a normal sync.
    expect(await balance()).toBe(before - 1);
    const task = await waitForTask(svc.api, start.taskId);
    expect(task.error ?? null).toBeNull();
    expect(task.status).toBe('completed');
    const output = await rawOutput(start.taskId);
    expect(output).toMatchObject({
      projectId: project.id,
      sourceAlignmentId: local.id,
      keptWords: 2,
      alignedWords: new Set(source.map((x) => `${x.line}/${x.word}`)).size - 2,
    });
    const after = await fresh();
    expect(after.alignments).toHaveLength(count + 1);
    const made = after.alignments.find((a) => a.id === output.alignmentId)!;
    expect(made.name).toBe('Synced around fixes');
    // The source is untouched; the result has its structure and texts, in the same order.
    expect(after.alignments.find((a) => a.id === local.id)!.alignment.items).toEqual(source);
    expect(shape(made.alignment.items)).toEqual(shape(source));
    // Kept words exactly where they were placed.
    made.alignment.items.forEach((x, i) => {
      if (isFixed(x)) expect([x.start, x.end]).toEqual([source[i]!.start, source[i]!.end]);
      expect(x.end).toBeGreaterThanOrEqual(x.start);
    });
    // New ids; the review of the new alignment says the kept words are certain.
    expect(made.alignment.items.some((x) => source.some((s) => s.id === x.id))).toBe(false);
    const review = SyncReviewSchema.parse(output.review);
    expect(review.alignmentId).toBe(made.id);
    for (const x of made.alignment.items.filter(isFixed)) expect(review.confidence[x.id!]).toBe(1);
    // The other words stay between the kept ones (lyric order is time order around an anchor).
    const anchorA = made.alignment.items.find((x) => x.line === 1 && x.word === 2)!;
    for (const x of made.alignment.items.filter((y) => y.line < 1 || (y.line === 1 && y.word < 2)))
      expect(x.end).toBeLessThanOrEqual(anchorA.start + 1e-9);
  }, 300_000);

  it('named items keep their whole words; the selection variant of the editor', async () => {
    const reference = byName(await fresh(), 'Reference timing');
    // Everything but line 2 kept: only line 2 is aligned again, inside its neighbours' gap.
    const keep = reference.alignment.items.filter((x) => x.line !== 2).map((x) => x.id!);
    const start = parsed(
      TaskStartSchema,
      await sync({
        lyricsSource: { type: 'alignment', alignmentId: reference.id, keepItemIds: keep },
      }),
    );
    const task = await waitForTask(svc.api, start.taskId);
    expect(task.status).toBe('completed');
    const output = await rawOutput(start.taskId);
    const made = (await fresh()).alignments.find((a) => a.id === output.alignmentId)!;
    expect(made.name).toMatch(/^Synced around fixes( \d+)?$/);
    const line1End = Math.max(
      ...reference.alignment.items.filter((x) => x.line === 1).map((x) => x.end),
    );
    const line3Start = Math.min(
      ...reference.alignment.items.filter((x) => x.line === 3).map((x) => x.start),
    );
    made.alignment.items.forEach((x, i) => {
      const was = reference.alignment.items[i]!;
      if (x.line !== 2) expect([x.start, x.end]).toEqual([was.start, was.end]);
      else {
        expect(x.start).toBeGreaterThanOrEqual(line1End);
        expect(x.end).toBeLessThanOrEqual(line3Start);
      }
    });
    // Line 2 really aligned on its audio, in order: near the reference (the demo voice is clear),
    // not just spread over the gap (which puts the last words about 1 s off).
    const line2 = made.alignment.items.filter((x) => x.line === 2);
    const near = line2.filter((x) => {
      const was = reference.alignment.items.find((r) => r.line === 2 && r.word === x.word)!;
      return Math.abs(was.start - x.start) <= 0.75;
    });
    expect(near.length / line2.length).toBeGreaterThanOrEqual(0.8);
    const starts = line2.map((x) => x.start);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  }, 300_000);

  it('refuses an alignment without words (last: it empties the reference)', async () => {
    const reference = byName(await fresh(), 'Reference timing');
    const emptied = await call(`${svc.api}/projects/${project.id}/alignments/${reference.id}`, {
      method: 'PUT',
      body: { alignment: { items: [] }, expectedRevision: reference.revision },
    });
    expect(emptied.status).toBe(200);
    const refused = problem(
      await sync({
        lyricsSource: { type: 'alignment', alignmentId: reference.id, keepItemIds: [] },
      }),
      422,
    );
    expect(refused.errors).toEqual([
      { path: 'lyricsSource.alignmentId', message: 'this alignment has no words to sync' },
    ]);
  });
});
