// Development run of lyrics sync on the real songs, one at a time, as the task runs it (decode ->
// centre separation -> sync): per song mean / within 0.3 s / median / worst line / CPU seconds, and
// with DETAIL=1 every line's placed and true first word. Usage: npx tsx bench/lib/sync-songs.ts [names]
// (`demo` for the demo song)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeAudioFile } from '../../server/audio/decode';
import { consensusSearch, syncLyricsToAudio } from '../../server/audio/forced-align';
import { separateCentre } from '../../server/audio/separate';
import { garbage } from '../../server/audio/sphinx';

if (process.env.GARBAGE_P) garbage.probability = Number(process.env.GARBAGE_P);
if (process.env.CONSENSUS)
  consensusSearch.probabilities = process.env.CONSENSUS.split(',').map(Number);
if (process.env.GARBAGE_PHONES) garbage.phones = process.env.GARBAGE_PHONES.split(',');
import { loadRealSongs, scoreItems, songsDir, type RealSong } from './real-songs';

const root = join(import.meta.dirname, '..', '..');
const wanted = process.argv.slice(2);
const songs = loadRealSongs(songsDir(root)).filter(
  (s) => wanted.length === 0 || wanted.some((w) => s.name.includes(w)),
);
// `demo`: the demo song (synthetic voice) that `npm start` seeds, scored on its known timing.
const demoAsset = (name: string) => join(root, 'server', 'seed', 'assets', `demo-song.${name}`);
if (wanted.includes('demo'))
  songs.push({
    name: 'demo-song',
    audio: demoAsset('flac'),
    contentType: 'audio/flac',
    lyrics: readFileSync(demoAsset('lyrics.txt'), 'utf8'),
    words: JSON.parse(readFileSync(demoAsset('truth.json'), 'utf8')) as RealSong['words'],
  });

function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

const totals: number[][] = [];
for (const song of songs) {
  const cpu = cpuSeconds();
  const mix = await decodeAudioFile(song.audio, song.contentType);
  const { vocals } = separateCentre(mix);
  const out = await syncLyricsToAudio(vocals, song.lyrics, {
    mix: () => decodeAudioFile(song.audio, song.contentType),
  });
  const used = cpuSeconds() - cpu;
  const acc = scoreItems(song.words, out.items);
  totals.push([acc.mean, acc.within, acc.median, acc.worstLine, used]);
  console.log(
    `${song.name.padEnd(30)} mean ${acc.mean.toFixed(3)} within ${(100 * acc.within).toFixed(0)}% median ${acc.median.toFixed(3)} worst-line ${acc.worstLine.toFixed(2)} bias ${acc.bias.toFixed(2)} cpu ${used.toFixed(1)} s rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB | ${out.engine}: ${out.notes.join(' ').slice(0, 300)}`,
  );
  if (process.env.DUMP)
    writeFileSync(
      join(process.env.DUMP, `${song.name}.json`),
      JSON.stringify({ words: song.words, items: out.items }),
    );
  if (process.env.DETAIL) {
    const starts = new Map(
      out.items.filter((i) => i.subword === 0).map((i) => [`${i.line}:${i.word}`, i]),
    );
    const conf = out.wordConfidence ?? [];
    let k = 0;
    for (const w of song.words) {
      const p = starts.get(`${w.line}:${w.word}`);
      if (w.word === 0 || Math.abs((p?.start ?? 0) - w.start) > 1)
        console.log(
          `  L${w.line}.${w.word} ${p?.text ?? '?'} true ${w.start.toFixed(2)} placed ${p?.start.toFixed(2)} err ${((p?.start ?? 0) - w.start).toFixed(2)} conf ${conf[k]?.toFixed(2)}`,
        );
      k++;
    }
  }
}
const mean = (i: number) =>
  totals.reduce((s, t) => s + (t[i] ?? 0), 0) / Math.max(1, totals.length);
console.log(
  `MEAN mean ${mean(0).toFixed(3)} within ${(100 * mean(1)).toFixed(0)}% median ${mean(2).toFixed(3)} worst-line ${mean(3).toFixed(2)} cpu ${mean(4).toFixed(1)}`,
);
