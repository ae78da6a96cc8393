import { describe, expect, it } from 'vitest';
import { readTimings } from './index';
import { wordsOf } from './test-helpers';

/** One song as real tools write it in each format: "Hel-lo world / Good bye". */
const SONG = {
  elrc: '[ti:Song]\n[00:01.00]<00:01.00>Hel<00:01.40>lo<00:01.80> <00:02.00>world<00:02.80>\n[00:03.20]<00:03.20>Good <00:03.60>bye<00:04.40>\n',
  eslyric:
    '[00:01.00]Hel[00:01.40]lo[00:01.80] [00:02.00]world[00:02.80]\n[00:03.20]Good[00:03.60] bye[00:04.40]\n',
  ass:
    '[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n' +
    'Dialogue: 0,0:00:01.00,0:00:02.80,Default,,0,0,0,,{\\k40}Hel{\\k40}lo{\\k20} {\\k80}world\n' +
    'Dialogue: 0,0:00:03.20,0:00:04.40,Default,,0,0,0,,{\\kf40}Good {\\kf80}bye\n',
  ttml:
    '<tt xmlns="http://www.w3.org/ns/ttml"><body><div>' +
    '<p begin="1.000" end="2.800"><span begin="1.000" end="1.400">Hel</span><span begin="1.400" end="1.800">lo</span> <span begin="2.000" end="2.800">world</span></p>' +
    '<p begin="00:00:03.200" end="00:00:04.400"><span begin="00:03.200" end="00:03.600">Good</span> <span begin="3.6s" end="4400ms">bye</span></p>' +
    '</div></body></tt>',
  vtt: 'WEBVTT\n\n00:01.000 --> 00:02.800\nHel<00:01.400>lo<00:01.800> <00:02.000>world\n\n00:03.200 --> 00:04.400\nGood <00:03.600>bye\n',
  ultrastar:
    '#TITLE:Song\n#ARTIST:X\n#BPM:375,0\n#GAP:1000\n: 0 10 5 Hel\n: 10 10 5 lo\n: 25 20 7  world\n- 45\n: 55 10 5 Good\n: 65 20 3  bye\nE\n',
  lrc: '[00:01.00]Hello world\n[00:03.20]Good bye\n[00:04.40]\n',
  srt: '1\n00:00:01,000 --> 00:00:02,800\nHello world\n\n2\n00:00:03,200 --> 00:00:04,400\nGood bye\n',
};

const EXPECTED = [
  ['Hel', 1, 1.4],
  ['lo', 1.4, 1.8],
  ['world', 2, 2.8],
  ['Good', 3.2, 3.6],
  ['bye', 3.6, 4.4],
];

describe('the same song in every format', () => {
  it.each(['elrc', 'eslyric', 'ass', 'ttml', 'vtt', 'ultrastar'] as const)(
    '%s gives the same words, syllables and times',
    (name) => {
      const r = readTimings(SONG[name]);
      expect(wordsOf(r.items)).toEqual(['Hello', 'world', 'Good', 'bye']);
      const ms = (t: number) => Math.round(t * 1000);
      expect(r.items.map((x) => [x.text, ms(x.start), ms(x.end)])).toEqual(
        EXPECTED.map(([text, start, end]) => [text, ms(start as number), ms(end as number)]),
      );
    },
  );

  it.each(['lrc', 'srt'] as const)('line-timed %s gives the same words and line starts', (name) => {
    const r = readTimings(SONG[name]);
    expect(wordsOf(r.items)).toEqual(['Hello', 'world', 'Good', 'bye']);
    expect(r.items.filter((x) => x.word === 0).map((x) => x.start)).toEqual([1, 3.2]);
  });
});
