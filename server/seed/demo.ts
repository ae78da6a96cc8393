import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AlignmentItemSchema } from '../../src/contract';
import type { Db } from '../db/database';
import { insertAlignment } from '../db/alignments';
import { createProject } from '../db/projects';
import { one, run } from '../db/statements';
import { insertTask, setTaskStatus } from '../db/tasks';
import type { FileStore } from '../storage/file-store';
import type { DspRunner } from '../tasks/dsp-runner';
import { createProcessor } from '../tasks/processors';
import { seedDemoExports, seedDemoLibrary } from './demo-library';

const asset = (name: string) => fileURLToPath(new URL(`./assets/${name}`, import.meta.url));
export const DEMO_SONG_PATH = asset('demo-song.flac');
export const DEMO_LYRICS_PATH = asset('demo-song.lyrics.txt');
export const DEMO_TRUTH_PATH = asset('demo-song.truth.json');

const SEEDED = 'demo-seeded';

export function isSeeded(db: Db): boolean {
  return one(db, 'SELECT value FROM meta WHERE key = ?', SEEDED) !== undefined;
}

/**
 * The demo account's data on a fresh DATA_DIR: a project made from the demo song by the same
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
  const fileId = files.writeComplete(
    accountId,
    'demo-song.flac',
    'audio/flac',
    readFileSync(DEMO_SONG_PATH),
  );
  seedDemoLibrary(db, files, accountId);
  const projectId = createProject(db, {
    accountId,
    title: 'Morning Light (demo)',
    artists: ['The Local Band'],
    inputFileId: fileId,
    lyrics,
  });
  run(db, "UPDATE projects SET language = 'en' WHERE id = ?", projectId);
  run(db, 'UPDATE files SET used_by = ? WHERE id = ?', projectId, fileId);
  // Reference first: the first alignment of a project becomes the selected one.
  insertAlignment(db, projectId, { model: 'reference', name: 'Reference timing', items: truth });
  const task = insertTask(db, {
    accountId,
    projectId,
    type: 'create-karaoke',
    // The energy aligner: seeding must stay fast (every test starts a fresh service), and on this
    // synthetic voice it is the more accurate one (docs/adr/0009-forced-alignment-engine.md).
    input: { inputFileId: fileId, lyricsSource: { type: 'transcribe', lyrics }, aligner: 'energy' },
    cost: 0,
  });
  const output = await createProcessor(deps)(task);
  setTaskStatus(db, task.id, 'completed', { output });
  seedDemoExports(db, projectId);
  run(
    db,
    'INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)',
    SEEDED,
    new Date().toISOString(),
  );
}
