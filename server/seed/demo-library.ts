import { defaultStyle, type StyleObject } from '../../src/contract';
import { addTopup } from '../db/accounts';
import type { Db } from '../db/database';
import { insertMedia, insertPreset } from '../db/library';
import { storeBytes, type FileStore } from '../storage/file-store';

const days = (n: number) => new Date(Date.now() + n * 86400_000).toISOString();

function neonStyle(): StyleObject {
  const style = defaultStyle();
  style.aspectRatio = '9:16';
  style.layout.linesPerScreen = 3;
  style.layout.alignment = 'center';
  style.chordTextStyle.activeLineColor = '#FF2BD6';
  style.chordTextStyle.effectColor = '#00E5FF';
  style.overlays.titleCard.enabled = false;
  return style;
}

/** Presets, credits and media of the demo account. */
export async function seedDemoLibrary(db: Db, files: FileStore, accountId: string): Promise<void> {
  await insertPreset(db, accountId, 'Classic karaoke', defaultStyle(), true);
  await insertPreset(db, accountId, 'Neon night (vertical)', neonStyle(), false);
  await db.run('UPDATE accounts SET subscription_credits = 50 WHERE id = ?', accountId);
  await addTopup(db, accountId, 40, days(90));
  const logo = await storeBytes(db, files, {
    accountId,
    filename: 'logo.svg',
    contentType: 'image/svg+xml',
    bytes: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><circle cx="128" cy="128" r="120" fill="#FF2BD6"/></svg>',
    ),
  });
  const base = { error: null, width: null, height: null, file_id: null, preview_file_id: null };
  await insertMedia(db, accountId, {
    ...base,
    type: 'logo',
    status: 'ready',
    width: 256,
    height: 256,
    file_id: logo,
    preview_file_id: logo,
  });
  // The local service processes no media: an item seeded as "processing" would stay so forever.
  // The demo's shows the stuck state a real service can leave behind (no change for 2 hours).
  const intro = await insertMedia(db, accountId, {
    ...base,
    type: 'intro-video',
    status: 'processing',
  });
  const longAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
  await db.run(
    'UPDATE media SET created_at = ?, updated_at = ? WHERE id = ?',
    longAgo,
    longAgo,
    intro,
  );
  await insertMedia(db, accountId, {
    ...base,
    type: 'video',
    status: 'failed',
    error: 'The video could not be decoded (demo data).',
  });
}
