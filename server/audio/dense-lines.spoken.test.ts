import { describe, expect, it } from 'vitest';
import { spokenSong } from '../../bench/lib/spoken-song';
import { syncLyricsToAudio } from './forced-align';
import { findOnPath } from './decode';
import { findSphinx } from './sphinx';

const espeak = findOnPath('espeak-ng');

// Eight lines spoken by eSpeak-NG, every word's start known. The garbage loop before the first
// line outbids its first seven words: the search crams them into the line's last second.
const LINES = [
  'By the light of the moon my good friend Pierrot',
  'Lend me now your pen so that I can write a word',
  'My candle is dead and I have no more fire',
  'Open up your door for the love of God',
  'Under the bridge on the river the children still sing',
  'It is raining on the city as it rains in my heart',
  'What is this weakness that comes into my heart',
  'We will go to the woods to pick the cherries',
];

describe.skipIf(!findSphinx() || !espeak)('a crammed line searched again (recogniser)', () => {
  it('puts the first line where it is spoken, not crammed against its end', async () => {
    const song = spokenSong(espeak as string, LINES, {
      speed: 110,
      wordGap: 0.12,
      lineGap: 1.5,
      seconds: 90,
    });
    const out = await syncLyricsToAudio(song.audio, song.lyrics);
    // Searched again alone: as a crammed passage beside the stretch before it (search-gaps.ts),
    // which comes first, or as a crammed line (dense-lines.ts).
    expect(out.notes.join(' ')).toMatch(/crammed (passage|line)\(s\).* searched again/);
    const first = song.words.filter((w) => w.line === 0);
    const placed = first.map(
      (w) => out.items.find((i) => i.line === 0 && i.word === w.word && i.subword === 0)?.start,
    );
    const errors = first.map((w, k) => Math.abs((placed[k] ?? Infinity) - w.start));
    // Crammed, its first word was 4.5 s late and its mean error 2.6 s.
    expect(Math.max(...errors)).toBeLessThan(0.5);
    expect(errors.reduce((s, e) => s + e, 0) / errors.length).toBeLessThan(0.2);
  }, 60_000);
});
