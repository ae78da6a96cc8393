import { describe, expect, it } from 'vitest';
import { readTimings, TimingFormatError, writeTimings } from './index';
import { rows, wordsOf } from './test-helpers';

const NS =
  'xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xmlns:itunes="http://music.apple.com/lyric-ttml-internal"';

const APPLE = `<?xml version="1.0" encoding="utf-8"?>
<tt ${NS} itunes:timing="Word" xml:lang="en">
<head><metadata><ttm:title>Duet</ttm:title><ttm:agent type="person" xml:id="v1"/><ttm:agent type="person" xml:id="v2"/>
<iTunesMetadata xmlns="http://music.apple.com/lyric-ttml-internal"><translations><translation type="subtitle" xml:lang="fr"><text for="L2">Au revoir</text></translation></translations></iTunesMetadata>
</metadata></head>
<body dur="00:06.000"><div begin="00:01.000" end="00:06.000">
<p begin="00:01.000" end="00:03.000" itunes:key="L1" ttm:agent="v1"><span begin="00:01.000" end="00:01.400">Hel</span><span begin="00:01.400" end="00:01.800">lo</span> <span begin="00:02.000" end="00:03.000">world</span><span ttm:role="x-bg"><span begin="00:03.000" end="00:03.500">(ooh)</span></span><span ttm:role="x-translation" xml:lang="de">Hallo Welt</span></p>
<p begin="00:04.000" end="00:06.000" itunes:key="L2" ttm:agent="v2"><span begin="4.000" end="5.000">Good</span> <span begin="5.000" end="6.000">bye</span></p>
</div></body></tt>`;

describe('TTML', () => {
  it('reads Apple-style word spans, syllables, agents, background vocals and translations', () => {
    const r = readTimings(APPLE);
    expect(r.format).toBe('ttml');
    expect(r.metadata).toEqual({ title: 'Duet', language: 'en' });
    expect(rows(r.items)).toEqual([
      '0/0/0 1.000-1.400 Hel',
      '0/0/1 1.400-1.800 lo',
      '0/1/0 2.000-3.000 world',
      '1/0/0 3.000-3.500 (ooh)',
      '2/0/0 4.000-5.000 Good',
      '2/1/0 5.000-6.000 bye',
    ]);
    expect(r.items.map((x) => x.singer)).toEqual([0, 0, 0, 0, 1, 1]);
    expect(r.items[0]!.translations).toEqual({ de: { text: 'Hallo Welt' } });
    expect(r.items[4]!.translations).toEqual({ fr: { text: 'Au revoir' } });
    expect(r.estimated.size).toBe(0);
  });

  it.each([
    ['clock with fraction', 'begin="00:00:01.500" end="00:00:02.250"', 1.5, 2.25],
    ['mm:ss.fff', 'begin="01:01.500" end="01:02.000"', 61.5, 62],
    ['seconds offset', 'begin="1.5s" end="2250ms"', 1.5, 2.25],
    ['bare seconds', 'begin="1.5" end="2.25"', 1.5, 2.25],
    ['minutes and hours', 'begin="0.5m" end="0.01h"', 30, 36],
  ])('reads %s times', (_, times, start, end) => {
    const r = readTimings(`<tt ${NS}><body><div><p ${times}>word</p></div></body></tt>`);
    expect(r.items[0]!.start).toBeCloseTo(start, 9);
    expect(r.items[0]!.end).toBeCloseTo(end, 9);
  });

  it('reads ttaf1 SMPTE frame times with the frame rate and multiplier, and ticks', () => {
    const r = readTimings(
      '<tt xmlns="http://www.w3.org/2006/10/ttaf1" xmlns:ttp="http://www.w3.org/2006/10/ttaf1#parameter" ttp:timeBase="smpte" ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001"><body><div>' +
        '<p begin="00:00:01:15" end="00:00:02:00">one</p><p begin="90f" dur="30f">two</p><p begin="150t" end="180t">three</p></div></body></tt>',
    );
    const fps = 30000 / 1001;
    expect(r.items.map((x) => x.start)).toEqual([1 + 15 / fps, 90 / fps, 150 / 30]);
    expect(r.items[1]!.end).toBeCloseTo(120 / fps, 9);
  });

  it('reads span times relative to their <p> (standard TTML) as well as absolute ones', () => {
    const r = readTimings(
      `<tt ${NS}><body><div><p begin="10s" end="12s"><span begin="0s" end="1s">rel</span> <span begin="1s" end="2s">spans</span></p></div></body></tt>`,
    );
    expect(rows(r.items)).toEqual(['0/0/0 10.000-11.000 rel', '0/1/0 11.000-12.000 spans']);
  });

  it('spreads line-timed <p>s, keeps <br/> as a word break, decodes entities', () => {
    const r = readTimings(
      `<tt ${NS}><body><div><p begin="1s" end="3s">Rock &amp;<br/>roll</p></div></body></tt>`,
    );
    expect(wordsOf(r.items)).toEqual(['Rock', '&', 'roll']);
    expect(r.estimated.size).toBe(3);
  });

  it('names what it drops: unreadable span times, a <p> without times; keeps x-roman', () => {
    const r = readTimings(
      `<tt ${NS}><body><div><p begin="1s" end="2s"><span begin="x" end="y">odd</span><span ttm:role="x-roman">roma</span></p><p>untimed</p></div></body></tt>`,
    );
    expect(wordsOf(r.items)).toEqual(['odd']);
    expect(r.items[0]?.translations).toEqual({ 'und-Latn': { text: 'roma' } });
    expect(r.warnings.map((w) => w.message)).toEqual([
      '1 span time cannot be read; those words were spread over the line.',
      'This <p> has no begin time and no timed words; skipped.',
    ]);
  });

  it('fails in one sentence for XML that is not TTML, and survives broken XML', () => {
    expect(() => readTimings('<html><body>x</body></html>', { format: 'ttml' })).toThrow(
      new TimingFormatError('This XML file is not TTML: its root element is <html>, not <tt>.'),
    );
    const r = readTimings(`<tt ${NS}><body><div><p begin="1s" end="2s">still read`);
    expect(wordsOf(r.items)).toEqual(['still', 'read']);
    expect(r.warnings[0]!.message).toMatch(/not closed/);
  });

  it('writes namespaced Apple-style TTML with agents and translations that reads back the same', () => {
    const r = readTimings(APPLE);
    const out = writeTimings(r.items, 'ttml', { title: 'Duet', language: 'en' });
    expect(out).toContain('xmlns="http://www.w3.org/ns/ttml"');
    expect(out).toContain('xmlns:ttm="http://www.w3.org/ns/ttml#metadata"');
    expect(out).toContain('<ttm:agent type="person" xml:id="v2"/>');
    expect(out).toContain(
      '<span begin="00:00:01.000" end="00:00:01.400">Hel</span><span begin="00:00:01.400" end="00:00:01.800">lo</span> <span',
    );
    expect(out).toContain('<span ttm:role="x-translation" xml:lang="de">Hallo Welt</span>');
    const back = readTimings(out);
    expect(rows(back.items)).toEqual(rows(r.items));
    expect(back.items.map((x) => [x.singer, x.translations])).toEqual(
      r.items.map((x) => [x.singer, x.translations]),
    );
  });
});

describe('TTML, less common shapes', () => {
  it('ends a span without an end where the next begins, or at the line end', () => {
    const r = readTimings(
      `<tt ${NS}><body><div><p begin="1s" end="4s"><span begin="1s">a</span> <span begin="2s">b</span></p></div></body></tt>`,
    );
    expect(rows(r.items)).toEqual(['0/0/0 1.000-2.000 a', '0/1/0 2.000-4.000 b']);
    expect(r.warnings).toEqual([]);
  });

  it('times background vocals from the x-bg span, or over the line when untimed', () => {
    const timed = readTimings(
      `<tt ${NS}><body><div><p begin="1s" end="4s"><span begin="1s" end="2s">Main</span><span ttm:role="x-bg" begin="2s" end="3s">echo</span></p></div></body></tt>`,
    );
    expect(rows(timed.items)).toEqual(['0/0/0 1.000-2.000 Main', '1/0/0 2.000-3.000 echo']);
    const untimed = readTimings(
      `<tt ${NS}><body><div><p begin="1s" end="4s">Main<span ttm:role="x-bg">echo</span></p></div></body></tt>`,
    );
    expect(wordsOf(untimed.items)).toEqual(['Main', 'echo']);
  });

  it('gives spans that end before they begin no length, and says so (seen in editor exports)', () => {
    const r = readTimings(
      `<tt ${NS}><body><div><p begin="5s" end="0s"><span begin="5s" end="4s">back</span><span begin="4s" end="3s">wards</span></p></div></body></tt>`,
    );
    expect(rows(r.items)).toEqual(['0/0/1 4.000-4.000 wards', '0/0/0 5.000-5.000 back']);
    expect(r.warnings).toEqual([
      { line: 1, message: '2 spans end before they begin; given no length.' },
    ]);
  });

  it('keeps the base text of tts:ruby and drops the reading, as the WebVTT reader drops <rt>', () => {
    const r = readTimings(
      `<tt ${NS} xmlns:tts="http://www.w3.org/ns/ttml#styling"><body><div><p begin="1s" end="3s">` +
        '<span begin="1s" end="2s" tts:ruby="container"><span tts:ruby="base">空</span><span tts:ruby="text">そら</span></span>' +
        '<span begin="2s" end="3s">を</span></p></div></body></tt>',
    );
    expect(wordsOf(r.items)).toEqual(['空を']);
    expect(rows(r.items)).toEqual(['0/0/0 1.000-2.000 空', '0/0/1 2.000-3.000 を']);
    expect(r.warnings.map((w) => w.message)).toEqual([
      '1 ruby reading (tts:ruby="text") not kept: items have no field for them.',
    ]);
  });
});
