import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALIGNER_MODEL } from './align';
import { decodeAudioFile, findOnPath } from './decode';
import { SPHINX_MODEL, syncLyricsToAudio } from './forced-align';
import type { PcmAudio } from './pcm';
import { findSphinx } from './sphinx';

const rate = 16000;
/** Two voiced bursts, enough for the energy aligner. */
const bursts: PcmAudio = {
  sampleRate: rate,
  channels: [
    Float32Array.from({ length: 3 * rate }, (_, i) =>
      (i > 0.5 * rate && i < 1 * rate) || (i > 1.5 * rate && i < 2 * rate)
        ? 0.3 * Math.sin((2 * Math.PI * 150 * i) / rate)
        : 0,
    ),
  ],
};

describe('syncLyricsToAudio fallbacks', () => {
  it('falls back to the energy aligner without the tools, and says so', async () => {
    const out = await syncLyricsToAudio(bursts, 'hello world', { tools: null });
    expect(out.engine).toBe(ALIGNER_MODEL);
    expect(out.notes.join(' ')).toMatch(/not installed/);
    expect(out.items.map((i) => i.text)).toEqual(['hello', 'world']);
  });

  it('falls back for a language without a model, and says so', async () => {
    const out = await syncLyricsToAudio(bursts, 'bonjour monde', { language: 'fr', tools: null });
    expect(out.engine).toBe(ALIGNER_MODEL);
    expect(out.notes.join(' ')).toMatch(/no acoustic model for the language "fr"/);
  });

  it.skipIf(!findSphinx())(
    'takes lyrics mostly missing from the English dictionary for another language',
    async () => {
      const out = await syncLyricsToAudio(bursts, 'zorb quilx vrantu plekso mirzak tolvu', {});
      expect(out.engine).toBe(ALIGNER_MODEL);
      expect(out.notes.join(' ')).toMatch(/another language/);
    },
  );
});

const espeak = findOnPath('espeak-ng');
describe.skipIf(!findSphinx() || !espeak)('syncLyricsToAudio with the recogniser', () => {
  it('aligns spoken words in order, pronounces an unknown word and places a dash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forced-align-'));
    try {
      const wav = join(dir, 'speech.wav');
      const text = 'The morning light is falling on the quiet town. I hear the Zorbulon singing.';
      execFileSync(espeak as string, ['-v', 'en-us', '-s', '150', '-w', wav, text]);
      const speech = await decodeAudioFile(wav, 'audio/wav');
      const progress: number[] = [];
      const out = await syncLyricsToAudio(
        speech,
        'The morning light is falling on the quiet town\nI hear the Zorbulon — singing',
        { onProgress: (p) => progress.push(p) },
      );
      expect(out.engine).toBe(SPHINX_MODEL);
      expect(out.notes.join(' ')).toMatch(/letter-to-sound rules: zorbulon/);
      expect(out.items).toHaveLength(15);
      const starts = out.items.map((i) => i.start);
      expect([...starts].sort((a, b) => a - b)).toEqual(starts);
      // Spoken at an even pace: "town" ends the first sentence, "I" starts the second after a pause.
      const town = out.items[8];
      const i = out.items[9];
      expect(i && town && i.start - town.end).toBeGreaterThan(0.1);
      expect(progress.at(-1)).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
