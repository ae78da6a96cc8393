import { describe, expect, it } from 'vitest';
import { readTimings, TimingFormatError, writeTimings } from './index';
import { rows, wordsOf } from './test-helpers';

/** The UltraStar formula: GAP/1000 + beat * 60 / (BPM * 4). */
const at = (gap: number, bpm: number, beat: number) => gap / 1000 + (beat * 60) / (bpm * 4);

describe('UltraStar', () => {
  const SONG = [
    '#TITLE:Song',
    '#ARTIST:Someone',
    '#LANGUAGE:English',
    '#MP3:song.mp3',
    '#BPM:300,5',
    '#GAP:1234,5',
    ': 0 4 5 Hel',
    ': 4 4 5 lo',
    '* 8 2 7  world',
    ': 10 2 7 ~',
    '- 14',
    'F 16 4 0 Spo',
    'R 20 4 0 ken ',
    'G 24 4 0 rap',
    '- 30 32',
    ': 32 4 5 Last',
    'E',
    ': 99 1 1 after the end',
  ].join('\n');

  it('times notes from BPM and GAP (decimal commas) and joins syllables without a leading space', () => {
    const r = readTimings(SONG);
    expect(r.format).toBe('ultrastar');
    expect(r.metadata).toEqual({ title: 'Song', artist: 'Someone', language: 'English' });
    const t = (beat: number) => at(1234.5, 300.5, beat);
    expect(r.items.map((x) => [x.line, x.word, x.subword, x.text])).toEqual([
      [0, 0, 0, 'Hel'],
      [0, 0, 1, 'lo'],
      [0, 1, 0, 'world'],
      [0, 1, 1, '~'],
      [1, 0, 0, 'Spo'],
      [1, 0, 1, 'ken'],
      [1, 1, 0, 'rap'],
      [2, 0, 0, 'Last'],
    ]);
    const beats = [0, 4, 8, 10, 16, 20, 24, 32];
    const lengths = [4, 4, 2, 2, 4, 4, 4, 4];
    r.items.forEach((x, i) => {
      expect(x.start).toBeCloseTo(t(beats[i]!), 9);
      expect(x.end).toBeCloseTo(t(beats[i]! + lengths[i]!), 9);
    });
    expect(r.estimated.size).toBe(0);
    expect(r.warnings).toEqual([]);
  });

  it('reads #RELATIVE files: a line break moves the beat origin (one or two numbers)', () => {
    const r = readTimings(
      '#BPM:200\n#GAP:500\n#RELATIVE:yes\n: 0 2 1 A\n: 2 2 1  B\n- 4 6\n: 0 2 1 C\n- 3\n: 1 1 1 D\nE\n',
    );
    const t = (beat: number) => at(500, 200, beat);
    expect(r.items.map((x) => [x.text, x.start])).toEqual([
      ['A', t(0)],
      ['B', t(2)],
      ['C', t(6)],
      ['D', t(10)],
    ]);
  });

  it('reads P1/P2 duets as singers 0 and 1 (relative beats restart per part)', () => {
    const r = readTimings(
      '#BPM:100\n#GAP:0\nP1\n: 0 4 1 One\n- 6\n: 8 4 1 Two\nP2\n: 4 4 1 Three\nE\n',
    );
    expect(r.items.map((x) => [x.text, x.singer, x.start])).toEqual([
      ['One', 0, 0],
      ['Three', 1, at(0, 100, 4)],
      ['Two', 0, at(0, 100, 8)],
    ]);
  });

  it('reads a CP1252 file with accented letters', () => {
    const head = new TextEncoder().encode('#TITLE:Caf');
    const bytes = new Uint8Array([
      ...head,
      0xe9,
      0x0a,
      ...new TextEncoder().encode('#BPM:120\n: 0 4 1 Gar'),
      0xe7,
      0x6f,
      0x6e,
      0x0a,
      0x45,
    ]);
    const r = readTimings(bytes, { fileName: 'song.txt' });
    expect(r.encoding).toBe('windows-1252');
    expect(r.metadata.title).toBe('Café');
    expect(wordsOf(r.items)).toEqual(['Garçon']);
  });

  it('names lines it cannot read and fails clearly without a BPM', () => {
    const r = readTimings('#BPM:120\n: 0 4 1 ok\n: x y z bad\nB 10 fast\n', {
      format: 'ultrastar',
    });
    expect(r.warnings.map((w) => w.line)).toEqual([3, 4]);
    expect(() => readTimings('#TITLE:x\n: 0 4 1 la\n', { format: 'ultrastar' })).toThrow(
      TimingFormatError,
    );
    expect(() => readTimings('#TITLE:x\n: 0 4 1 la\n', { format: 'ultrastar' })).toThrow(
      /no usable #BPM/,
    );
  });

  it('writes BPM 1500 (10 ms beats), GAP at the first note, P1/P2 and E', () => {
    const items = readTimings(
      '#BPM:100\n#GAP:1000\nP1\n: 0 4 1 One\n: 4 2 1 s\n- 6\n: 8 4 1 Two\nP2\n: 4 4 1 Three\nE\n',
    ).items;
    expect(writeTimings(items, 'ultrastar', { title: 'T', artist: 'A' })).toBe(
      [
        '#TITLE:T',
        '#ARTIST:A',
        '#MP3:T.mp3',
        '#BPM:1500',
        '#GAP:1000',
        'P1',
        ': 0 60 0 One',
        ': 60 30 0 s',
        '- 90',
        ': 120 60 0 Two',
        'P2',
        ': 60 60 0 Three',
        'E',
        '',
      ].join('\n'),
    );
  });

  it('round trips within one beat', () => {
    const r = readTimings('#BPM:333.3\n#GAP:777\n: 0 3 1 a\n: 5 7 1  b\n- 13\n: 20 1 1 c\nE\n');
    const back = readTimings(writeTimings(r.items, 'ultrastar'));
    expect(rows(back.items).map((s) => s.split(' ')[0])).toEqual(
      rows(r.items).map((s) => s.split(' ')[0]),
    );
    back.items.forEach((x, i) => {
      expect(Math.abs(x.start - r.items[i]!.start)).toBeLessThanOrEqual(0.0051);
      expect(Math.abs(x.end - r.items[i]!.end)).toBeLessThanOrEqual(0.0101);
    });
  });

  it('reads songs as editors write them: "P 1", no space after the note type, spaced headers, negative beats', () => {
    const r = readTimings(
      [
        '#TITLE : Spaced',
        '#BPM:  200  ',
        '#GAP:   1000,5 ',
        'P 1',
        ':0 4 3 Sun',
        '*4  4 3  rise',
        'P 2',
        ': -2 2 1 Oh',
        'E',
      ].join('\r\n'),
    );
    const t = (beat: number) => at(1000.5, 200, beat);
    expect(r.items.map((x) => [x.text, x.singer])).toEqual([
      ['Oh', 1],
      ['Sun', 0],
      ['rise', 0],
    ]);
    r.items.forEach((x, i) => expect(x.start).toBeCloseTo(t([-2, 0, 4][i]!), 9));
    expect(r.warnings).toEqual([]);
  });

  it('gives note times as exact as the formula allows (12 beats at BPM 200 are 0.9 s)', () => {
    const r = readTimings('#BPM:200\n#GAP:0\n: 12 4 1 la\nE\n');
    expect([r.items[0]!.start, r.items[0]!.end]).toEqual([0.9, 1.2]);
  });

  it('follows BPM changes (B lines) from their beat on, as UltraStar Deluxe plays them', () => {
    const r = readTimings('#BPM:100\n#GAP:500\n: 0 4 1 a\nB 8 200\n: 8 4 1  b\n: 16 2 1  c\nE\n');
    expect(r.items.map((x) => [x.text, x.start, x.end])).toEqual([
      ['a', 0.5, 1.1],
      ['b', 1.7, 2],
      ['c', 2.3, 2.45],
    ]);
    expect(r.warnings).toEqual([]);
  });

  it('keeps the #RELATIVE beat origin of each voice when the voices alternate', () => {
    const r = readTimings(
      '#BPM:100\n#RELATIVE:yes\nP1\n: 0 2 1 A\n- 4 10\nP2\n: 0 2 1 B\nP1\n: 0 2 1 C\nE\n',
    );
    const t = (beat: number) => at(0, 100, beat);
    expect(r.items.map((x) => [x.text, x.start])).toEqual([
      ['A', t(0)],
      ['B', t(0)],
      ['C', t(10)],
    ]);
  });

  it('gives no singers to a song with one voice, even under a P1 line', () => {
    const r = readTimings('#BPM:100\nP1\n: 0 2 1 solo\nE\n');
    expect(r.items.map((x) => x.singer)).toEqual([undefined]);
  });
});
