import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { defaultStyle, type AlignmentItem } from '../../src/contract';
import { layoutKaraoke } from '../../src/karaoke-layout/layout';
import { assScript } from './ass-video';
import { familyFor, installedFamilies } from './fonts';

const run = promisify(execFile);

const LINES = [
  '日本語の歌を歌おう',
  '中文歌词在这里',
  '노래를 부르자',
  'ночь и день',
  'שלום עולם',
  'مرحبا بالعالم',
  'Γεια σου κόσμε',
  'नमस्ते दुनिया',
];

describe('fonts for every script', () => {
  it('picks a Noto family that has the script, and says when a family fell back', async () => {
    const installed = await installedFamilies();
    expect(familyFor('Noto Sans', 'hello', installed)).toEqual({
      family: 'Noto Sans',
      fellBack: false,
    });
    expect(familyFor('Comic Nope', 'hello', installed)).toEqual({
      family: 'Noto Sans',
      fellBack: true,
    });
    expect(familyFor('Noto Sans', '日本語の歌', installed).family).toBe('Noto Sans CJK JP');
    expect(familyFor('Noto Sans', '中文', installed).family).toBe('Noto Sans CJK SC');
    expect(familyFor('Noto Sans', 'שלום', installed).family).toBe('Noto Sans Hebrew');
    expect(familyFor('Noto Sans', 'مرحبا', installed).family).toBe('Noto Sans Arabic');
    expect(familyFor('DejaVu Sans', 'hello', installed)).toEqual({
      family: 'DejaVu Sans',
      fellBack: false,
    });
  });

  it('draws CJK, Cyrillic, Hebrew, Arabic, Greek and Devanagari lyrics with no missing glyph', async () => {
    const installed = await installedFamilies();
    const items: AlignmentItem[] = LINES.flatMap((text, line) =>
      text.split(' ').map((word, w) => ({
        line,
        word: w,
        subword: 0,
        start: 0.5 + line * 0.5 + w * 0.1,
        end: 0.6 + line * 0.5 + w * 0.1,
        text: word,
      })),
    );
    const style = defaultStyle();
    style.layout.linesPerScreen = 8;
    const layout = layoutKaraoke({ items, style, width: 320, height: 180 });
    const dir = mkdtempSync(join(tmpdir(), 'fonts-test-'));
    try {
      const ass = join(dir, 'scripts.ass');
      writeFileSync(
        ass,
        assScript(layout, { from: 0, to: 5, family: (r, t) => familyFor(r, t, installed).family }),
      );
      const { stderr } = await run('ffmpeg', [
        '-v',
        'verbose',
        '-nostdin',
        '-f',
        'lavfi',
        '-i',
        'color=c=black:s=320x180:r=4:d=5',
        '-vf',
        `subtitles=${ass}`,
        '-f',
        'null',
        '-',
      ]);
      // libass says which face each family resolves to, and when a glyph is missing from it.
      expect(stderr).toMatch(/NotoSansCJK/);
      expect(stderr).toMatch(/NotoSansArabic/);
      expect(stderr).toMatch(/NotoSansHebrew/);
      expect(stderr).not.toMatch(/Glyph 0x[0-9A-F]+ not found/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
