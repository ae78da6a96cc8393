import type { AlignmentItem } from '../contract';

/**
 * Test and bench helper: `count` items of a realistic song: 8 words a line, every third word in
 * two syllables, two singers by line when `duet`, 50 ms gaps between words and 1 s between lines,
 * times on the 10 ms grid (exact in every format).
 */
export function karaokeSong(count: number, duet = false): AlignmentItem[] {
  const items: AlignmentItem[] = [];
  let t = 1;
  let line = 0;
  let word = 0;
  while (items.length < count) {
    const syllables = word % 3 === 2 ? 2 : 1;
    for (let s = 0; s < syllables && items.length < count; s++) {
      const item: AlignmentItem = {
        line,
        word,
        subword: s,
        start: t,
        end: Math.round((t + 0.2) * 100) / 100,
        text: syllables === 2 ? (s === 0 ? `la${word}` : 'la') : `word${items.length}`,
      };
      if (duet) item.singer = line % 2;
      items.push(item);
      t = item.end;
    }
    t = Math.round((t + 0.05) * 100) / 100;
    word++;
    if (word === 8) {
      word = 0;
      line++;
      t = Math.round((t + 1) * 100) / 100;
    }
  }
  return items;
}
