import { useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { Mixer } from '../../src/features/editor/audio/mixer';
import type { StemSource } from '../../src/features/editor/audio/stem-player';
import { Transport } from '../../src/features/editor/audio/transport';
import { useStemPlayer } from '../../src/features/editor/audio/use-stem-player';
import { Waveform } from '../../src/features/editor/audio/waveform';
import { TimelineCanvas } from '../../src/features/editor/timeline/timeline-canvas';
import { followPlayhead } from '../../src/features/editor/timeline/wheel';
import { BenchStore, generateItems } from './bench-store';
import { instrumentalSample, vocalSample, wavUrl } from './synth';

const DURATION = 120;
const items = generateItems(300, DURATION);
const vocals = vocalSample(items);
const STEMS: StemSource[] = [
  {
    id: 'o',
    label: 'original',
    type: 'original',
    url: wavUrl(DURATION, (t) => vocals(t) * 0.7 + instrumentalSample(t)),
  },
  { id: 'v', label: 'vocals', type: 'vocals', url: wavUrl(DURATION, vocals) },
  {
    id: 'i',
    label: 'instrumental',
    type: 'instrumental',
    url: wavUrl(DURATION, instrumentalSample),
  },
  { id: 'd', label: 'drums', type: 'drums', url: '/missing-drums.mp3' },
];
const LIMITS = { minPxPerSecond: 2, maxPxPerSecond: 2000, duration: DURATION };

/** The engines assembled the way the editor page will: one view, one clock, intents to a store. */
function Demo() {
  const store = useMemo(() => new BenchStore(items, DURATION, 12), []);
  const { player, snapshot } = useStemPlayer(STEMS);
  useEffect(() => {
    let raf = 0;
    const follow = () => {
      raf = requestAnimationFrame(follow);
      if (!player.getSnapshot().playing) return;
      const view = followPlayhead(store.scene.view, player.getTime(), LIMITS);
      if (view !== store.scene.view) store.set({ view });
    };
    follow();
    return () => cancelAnimationFrame(raf);
  }, [player, store]);
  const sel = [...store.scene.selection];
  const first = items.find((i) => i.key === sel[0]);
  return (
    <div style={{ display: 'grid', gap: 8, padding: 12 }}>
      <Transport
        snapshot={snapshot}
        controls={player}
        loopRange={first ? { start: first.start, end: first.end } : { start: 0, end: 4 }}
      />
      <div
        style={{
          border: '1px solid #262a33',
          borderRadius: 6,
          overflow: 'hidden',
          background: '#12151a',
        }}
      >
        <Waveform
          url={STEMS[1]?.url ?? null}
          getView={() => store.scene.view}
          subscribe={store.subscribe}
          height={80}
          label="Waveform of vocals"
        />
        <TimelineCanvas
          getScene={store.getScene}
          subscribe={store.subscribe}
          getPlayheadTime={() => player.getTime()}
          onIntent={(intent) =>
            intent.type === 'seek' ? player.seek(intent.time) : store.apply(intent)
          }
          zoomLimits={LIMITS}
          exposeTestHook
          ariaLabel="Timeline"
          className="timeline"
        />
      </div>
      <Mixer stems={snapshot.stems} controls={player} />
    </div>
  );
}

export function mountDemo(el: HTMLElement): void {
  createRoot(el).render(<Demo />);
}
