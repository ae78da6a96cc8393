import { describe, expect, it, vi } from 'vitest';
import { synthWav } from '../../../dsp/wav-encode';
import { wavSamples } from '../../../dsp/wav-parse';
import { ANALYSIS_RATE, analysisMono } from './analysis-pcm';
import { computeEnvelope, type WaveformPeaks } from './envelope';
import { detectOnsetList } from './onset-detect';
import {
  loadOnsets,
  mixToMonoSliced,
  type DecodedAudio,
  type OnsetSourceOptions,
} from './onset-source';
import { fakeWorker } from './fake-worker';
import type { OnsetReply, OnsetRequest } from './onset-worker';
import { columnsAt, computeSpectrogram, type Spectrogram } from './spectrogram-compute';

const rate = 11025;
const CLICKS = [0.3, 0.8, 1.45];

/** Stereo: the clicks in the left channel only (the mono mix halves them). */
function stereoClicks(): DecodedAudio {
  const left = new Float32Array(2 * rate);
  const right = new Float32Array(2 * rate);
  for (const t of CLICKS) {
    for (let i = 0; i < 20; i++) left[Math.round(t * rate) + i] = 0.9 * (i % 2 ? -1 : 1);
  }
  return {
    sampleRate: rate,
    length: left.length,
    numberOfChannels: 2,
    getChannelData: (c) => (c === 0 ? left : right),
  };
}

const fetchOk: OnsetSourceOptions['fetch'] = () =>
  Promise.resolve({
    ok: true,
    status: 200,
    arrayBuffer: () => Promise.resolve(new ArrayBuffer(8)),
  });

/** Behaves like the real worker: says ready, then answers one request with detectOnsets. */
function fakeOnsetWorker(options = {}) {
  return fakeWorker<OnsetRequest, OnsetReply>((message, reply, transfer) => {
    expect(transfer).toEqual(['wav' in message ? message.wav : message.mono.buffer]);
    let pcm: { mono: Float32Array; sampleRate: number };
    if ('wav' in message) {
      try {
        pcm = analysisMono(wavSamples(new Uint8Array(message.wav)), ANALYSIS_RATE);
      } catch {
        return reply({ unreadable: message.wav });
      }
    } else pcm = message;
    if (message.waveform) reply({ waveform: computeEnvelope(pcm.mono, pcm.sampleRate) });
    const found = detectOnsetList(pcm.mono, pcm.sampleRate);
    const onsets = Float64Array.from(found.times);
    const strengths = Float32Array.from(found.strengths);
    const spectrogram = message.spectrogram
      ? computeSpectrogram(pcm.mono, pcm.sampleRate)
      : undefined;
    reply({ onsets, strengths, spectrogram });
  }, options);
}

/** `stereoClicks()` as a 16-bit WAV file at 44.1 kHz (`code`: the fmt chunk's format code). */
function clicksWav(code = 1): ArrayBuffer {
  const wavRate = 44100;
  const left = new Float32Array(2 * wavRate);
  for (const t of CLICKS) {
    for (let i = 0; i < 80; i++) left[Math.round(t * wavRate) + i] = i % 8 < 4 ? 0.885 : -0.885;
  }
  const right = new Float32Array(left.length);
  return synthWav(wavRate, left.length, 2, (i, c) => (c === 0 ? left[i]! : right[i]!), {
    formatCode: code,
  }).buffer;
}

const fetchBytes =
  (bytes: ArrayBuffer): OnsetSourceOptions['fetch'] =>
  () =>
    Promise.resolve({ ok: true, status: 200, arrayBuffer: () => Promise.resolve(bytes) });

describe('loadOnsets of a WAV stem', () => {
  it('reads it in the worker: the page decodes nothing, the bytes are handed over once', async () => {
    const worker = fakeOnsetWorker();
    const decode = vi.fn(() => Promise.resolve(stereoClicks()));
    const bytes = clicksWav();
    let waveform: WaveformPeaks | null = null;
    const found = await loadOnsets('/stem.wav', {
      fetch: fetchBytes(bytes),
      decode,
      createWorker: () => worker,
      onWaveform: (w) => (waveform = w),
    });
    expect(decode).not.toHaveBeenCalled();
    expect(worker.received).toHaveLength(1);
    expect(worker.received[0]).toMatchObject({ wav: bytes, waveform: true });
    expect(found.times).toHaveLength(CLICKS.length);
    found.times.forEach((t, i) =>
      expect(Math.abs(t - (CLICKS[i] ?? NaN))).toBeLessThanOrEqual(0.01),
    );
    expect((waveform as WaveformPeaks | null)?.duration).toBe(2);
  });

  it('gives bytes the worker cannot read back to the page, which decodes them', async () => {
    const workers: ReturnType<typeof fakeOnsetWorker>[] = [];
    const decode = vi.fn(() => Promise.resolve(stereoClicks()));
    const bytes = clicksWav(2); // ADPCM: not read by wav-parse
    const found = await loadOnsets('/stem.wav', {
      fetch: fetchBytes(bytes),
      decode,
      createWorker: () => {
        workers.push(fakeOnsetWorker());
        return workers.at(-1)!;
      },
    });
    expect(decode).toHaveBeenCalledWith(bytes);
    // the first worker got the bytes, a second one the decoded mono PCM
    expect(workers.map((w) => w.received.map((r) => ('wav' in r ? 'wav' : 'mono')))).toEqual([
      ['wav'],
      ['mono'],
    ]);
    expect(found.times).toHaveLength(CLICKS.length);
  });
});

describe('loadOnsets', () => {
  it.each([
    ['in the worker', () => fakeOnsetWorker()],
    ['on the main thread', null],
  ] as const)('also hands over the spectrogram of the same decode %s', async (_, createWorker) => {
    const decode = vi.fn(() => Promise.resolve(stereoClicks()));
    let spectrogram: Spectrogram | null = null;
    const found = await loadOnsets('/stem.wav', {
      fetch: fetchOk,
      decode,
      createWorker,
      onSpectrogram: (s) => (spectrogram = s),
    });
    expect(found.times).toHaveLength(CLICKS.length);
    expect(decode).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(spectrogram).not.toBeNull()); // main thread: after the onsets
    expect(columnsAt(spectrogram!, 0)).toBe(Math.ceil((2 * rate) / 221)); // 2 s, 20 ms hops
  });

  it.each([
    ['in the worker', () => fakeOnsetWorker()],
    ['on the main thread', null],
  ] as const)(
    "hands over the waveform's peaks of the same decode before the onsets, %s",
    async (_, createWorker) => {
      const decode = vi.fn(() => Promise.resolve(stereoClicks()));
      const order: string[] = [];
      let waveform: WaveformPeaks | null = null;
      const pending = loadOnsets('/stem.wav', {
        fetch: fetchOk,
        decode,
        createWorker,
        onWaveform: (w) => {
          order.push('waveform');
          waveform = w;
        },
      }).then((found) => {
        order.push('onsets');
        return found;
      });
      expect((await pending).times).toHaveLength(CLICKS.length);
      expect(order).toEqual(['waveform', 'onsets']);
      expect(decode).toHaveBeenCalledTimes(1);
      const w = waveform as WaveformPeaks | null;
      expect(w?.duration).toBe(2);
      expect(w?.peaks.length).toBe(Math.ceil((2 * rate) / 4));
      // the clicks (0.9 in the left channel, halved by the mono mix) and silence elsewhere
      const at = (t: number) => w?.peaks[Math.floor(Math.round(t * rate) / 4) + 1] ?? NaN;
      for (const t of CLICKS) expect(at(t)).toBeCloseTo(0.45, 5);
      expect(at(0.1)).toBe(0);
    },
  );

  it('decodes, mixes to mono and finds the onsets on the main thread without a worker', async () => {
    const found = await loadOnsets('/stem.wav', {
      fetch: fetchOk,
      decode: () => Promise.resolve(stereoClicks()),
      createWorker: null,
    });
    expect(found.times).toHaveLength(CLICKS.length);
    expect(found.strengths).toHaveLength(CLICKS.length);
    found.times.forEach((t, i) =>
      expect(Math.abs(t - (CLICKS[i] ?? NaN))).toBeLessThanOrEqual(0.01),
    );
  });

  it('hands the mono PCM to the worker once it runs and returns its answer', async () => {
    const worker = fakeOnsetWorker();
    const found = await loadOnsets('/stem.wav', {
      fetch: fetchOk,
      decode: () => Promise.resolve(stereoClicks()),
      createWorker: () => worker,
    });
    expect(worker.received).toHaveLength(1);
    expect(worker.received[0]).toMatchObject({ sampleRate: rate });
    expect(worker.terminated).toBe(true);
    expect(found.times).toHaveLength(CLICKS.length);
    expect(found.strengths).toHaveLength(CLICKS.length);
  });

  it('falls back to the main thread when the worker cannot start', async () => {
    const worker = fakeOnsetWorker({ failToStart: true });
    const found = await loadOnsets('/stem.wav', {
      fetch: fetchOk,
      decode: () => Promise.resolve(stereoClicks()),
      createWorker: () => worker,
    });
    expect(worker.received).toHaveLength(0);
    expect(found.times).toHaveLength(CLICKS.length);
  });

  it('stops when aborted, and reports a failed fetch', async () => {
    const controller = new AbortController();
    const worker = fakeOnsetWorker();
    const pending = loadOnsets('/stem.wav', {
      signal: controller.signal,
      fetch: fetchOk,
      decode: () => Promise.resolve(stereoClicks()),
      createWorker: () => {
        controller.abort();
        return worker;
      },
    });
    await expect(pending).rejects.toThrow();
    expect(worker.terminated).toBe(true);

    const notFound = loadOnsets('/gone.wav', {
      fetch: () =>
        Promise.resolve({ ok: false, status: 404, arrayBuffer: () => Promise.reject(new Error()) }),
      createWorker: null,
    });
    await expect(notFound).rejects.toThrow(/404/);
  });
});

describe('mixToMonoSliced', () => {
  it('averages the channels and yields to the main thread between slices', async () => {
    const length = 1_300_000;
    const left = new Float32Array(length).fill(1);
    const right = new Float32Array(length).fill(0.5);
    const yieldToMain = vi.fn(() => Promise.resolve());
    const mono = await mixToMonoSliced(
      { sampleRate: rate, length, numberOfChannels: 2, getChannelData: (c) => (c ? right : left) },
      { yieldToMain },
    );
    expect(mono[0]).toBe(0.75);
    expect(mono[length - 1]).toBe(0.75);
    expect(yieldToMain.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
