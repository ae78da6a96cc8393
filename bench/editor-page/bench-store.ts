import { DARK_TIMELINE_COLORS } from '../../src/features/editor/timeline/colors';
import { arrayItems, createCullIndex } from '../../src/features/editor/timeline/cull-index';
import type { TimelineIntent } from '../../src/features/editor/timeline/intents';
import type { TimelineItem, TimelineScene } from '../../src/features/editor/timeline/types';

/**
 * The smallest page-side store that maps timeline intents to state, the way the real page maps
 * them to the editor store. Items are a sorted array; a commit re-sorts and re-indexes.
 */
export class BenchStore {
  private listeners = new Set<() => void>();
  scene: TimelineScene;
  playhead = 0;
  duration: number;

  constructor(items: TimelineItem[], duration: number, viewSeconds: number) {
    this.duration = duration;
    this.scene = {
      ...this.indexed(items),
      view: {
        startTime: 0,
        pxPerSecond: 1200 / viewSeconds,
        width: 1200,
        height: 260,
        devicePixelRatio: 1,
      },
      laneMode: 'line',
      laneCount: 4,
      selection: new Set(),
      hoverKey: null,
      preview: null,
      problemKeys: new Set(),
      estimatedKeys: new Set(),
      snapGuide: null,
      colors: DARK_TIMELINE_COLORS,
    };
  }

  private indexed(list: TimelineItem[]) {
    const items = arrayItems(list);
    const cull = createCullIndex(items);
    return { items, firstVisibleIndex: (t: number) => cull.firstVisibleIndex(t), list };
  }

  private list(): TimelineItem[] {
    return (this.scene as TimelineScene & { list: TimelineItem[] }).list;
  }

  getScene = () => this.scene;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(patch: Partial<TimelineScene>): void {
    this.scene = { ...this.scene, ...patch };
    for (const l of this.listeners) l();
  }

  private commit(map: (item: TimelineItem) => TimelineItem): void {
    const next = this.list().map(map);
    next.sort((a, b) => a.start - b.start);
    this.set({ ...this.indexed(next), preview: null, snapGuide: null });
  }

  apply = (intent: TimelineIntent): void => {
    switch (intent.type) {
      case 'select': {
        const next = intent.mode === 'replace' ? new Set<string>() : new Set(this.scene.selection);
        for (const k of intent.keys) {
          if (intent.mode === 'toggle' && next.has(k)) next.delete(k);
          else next.add(k);
        }
        this.set({ selection: next });
        return;
      }
      case 'preview':
        this.set({ preview: intent.preview, snapGuide: intent.snapGuide });
        return;
      case 'move': {
        const keys = new Set(intent.keys);
        const d = intent.deltaSeconds;
        this.commit((it) =>
          keys.has(it.key) ? { ...it, start: it.start + d, end: it.end + d } : it,
        );
        return;
      }
      case 'resize-start':
        this.commit((it) => (it.key === intent.key ? { ...it, start: intent.time } : it));
        return;
      case 'resize-end':
        this.commit((it) => (it.key === intent.key ? { ...it, end: intent.time } : it));
        return;
      case 'roll':
        this.commit((it) =>
          it.key === intent.leftKey
            ? { ...it, end: intent.time }
            : it.key === intent.rightKey
              ? { ...it, start: intent.time }
              : it,
        );
        return;
      case 'view':
        this.set({ view: intent.view });
        return;
      case 'seek':
        this.playhead = intent.time;
        return;
      case 'hover':
        this.set({ hoverKey: intent.key });
        return;
      case 'marquee':
      case 'cursor':
        return;
    }
  };
}

const WORDS = [
  'love',
  'you',
  'tonight',
  'and',
  'the',
  'stars',
  'are',
  'falling',
  'down',
  'on',
  'me',
  'baby',
  'hold',
  'my',
  'hand',
];

/** `n` words over `duration` seconds: lines of 6 words, a short gap between words. */
export function generateItems(n: number, duration: number): TimelineItem[] {
  const step = duration / n;
  return Array.from({ length: n }, (_, i) => ({
    key: `w${i}`,
    start: i * step,
    end: i * step + step * 0.85,
    text: WORDS[i % WORDS.length] ?? 'la',
    line: Math.floor(i / 6),
  }));
}
