import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AlignmentItemSchema } from '../../src/contract';
import type { Db } from '../db/database';
import { insertAlignment } from '../db/alignments';
import { markFileUsed } from '../db/files';
import { createProject } from '../db/projects';
import { insertTask, setTaskStatus } from '../db/tasks';
import { storeBytes, type FileStore } from '../storage/file-store';
import type { DspRunner } from '../tasks/dsp-runner';
import { createProcessor } from '../tasks/processors';
import { seedDemoLibrary } from './demo-library';

const asset = (name: string) => fileURLToPath(new URL(`./assets/${name}`, import.meta.url));
export const DEMO_SONG_PATH = asset('demo-song.flac');
export const DEMO_LYRICS_PATH = asset('demo-song.lyrics.txt');
export const DEMO_TRUTH_PATH = asset('demo-song.truth.json');

const SEEDED = 'demo-seeded';

/**
 * Claims the seeding of this database: true for exactly one caller, even when several processes
 * start together on an empty database.
 */
export async function claimSeeding(db: Db): Promise<boolean> {
  const claimed = await db.run(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
    SEEDED,
    new Date().toISOString(),
  );
  return claimed.changes > 0;
}

/**
 * The demo account's data on a fresh database: a project made from the demo song by the same
 * processor a create-karaoke task runs (stems + "Local aligner"), plus the ground-truth timing as
 * the selected "Reference timing", exports, presets, media and credits.
 */
export async function seedDemo(
  deps: { db: Db; files: FileStore; dsp: DspRunner },
  accountId: string,
): Promise<void> {
  const { db, files } = deps;
  const lyrics = readFileSync(DEMO_LYRICS_PATH, 'utf8').trim();
  const truth = z
    .array(AlignmentItemSchema)
    .parse(JSON.parse(readFileSync(DEMO_TRUTH_PATH, 'utf8')));
  const fileId = await storeBytes(db, files, {
    accountId,
    filename: 'demo-song.flac',
    contentType: 'audio/flac',
    bytes: readFileSync(DEMO_SONG_PATH),
  });
  await seedDemoLibrary(db, files, accountId);
  const projectId = await createProject(db, {
    accountId,
    title: 'Morning Light (demo)',
    artists: ['The Local Band'],
    inputFileId: fileId,
    lyrics,
  });
  await db.run("UPDATE projects SET language = 'en' WHERE id = ?", projectId);
  await markFileUsed(db, fileId, projectId);
  // Reference first: the first alignment of a project becomes the selected one.
  await insertAlignment(db, projectId, {
    model: 'reference',
    name: 'Reference timing',
    items: truth,
  });
  const task = await insertTask(db, {
    accountId,
    projectId,
    type: 'create-karaoke',
    // The energy aligner: seeding must stay fast (every test starts a fresh service), and on this
    // synthetic voice it is the more accurate one (docs/adr/0009-forced-alignment-engine.md).
    input: { inputFileId: fileId, lyricsSource: { type: 'transcribe', lyrics }, aligner: 'energy' },
    cost: 0,
  });
  // Run here, not by a worker: no claim to hold, so no progress is shown.
  const finished = await createProcessor(deps)(task, {
    signal: new AbortController().signal,
    report: () => Promise.resolve(false),
  });
  await db.tx(async (tx) => {
    const output = await finished.commit(tx);
    await setTaskStatus(tx, task.id, 'completed', { output });
  });
  // No seeded exports (issue 23): every export listed is a real render.
}
