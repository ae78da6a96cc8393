import { describe, expect, it } from 'vitest';
import { downloadName } from './file-name';

describe('downloadName', () => {
  it.each([
    ['Demo song', 'lrc', 'Demo song.lrc'],
    ['AC/DC: Back in Black?', 'ass', 'AC_DC_ Back in Black_.ass'],
    ['  ..hidden.. ', 'srt', 'hidden.srt'],
    ['tab\there\nnewline', '.vtt', 'tab here newline.vtt'],
    ['con', 'txt', '_con.txt'],
    ['///', 'json', 'timings.json'],
    ['', 'ttml', 'timings.ttml'],
    ['日本語の歌', 'lrc', '日本語の歌.lrc'],
    ['x'.repeat(300), 'lrc', `${'x'.repeat(120)}.lrc`],
  ])('%j -> %j', (title, ext, name) => expect(downloadName(title, ext)).toBe(name));
});
