import type { AlignmentItem } from '../../src/contract';
import { applyTimelineIntent } from '../../src/features/editor/page/timeline-intents';
import { createSceneSource, type SceneExtras } from '../../src/features/editor/page/timeline-scene';
import { createEditorStore, type EditorStore } from '../../src/features/editor/store';
import type { TimelineIntent } from '../../src/features/editor/timeline/intents';
import type { TimelineItem, TimelineScene } from '../../src/features/editor/timeline/types';

/**
 * The bench page's state: the real editor store (`createEditorStore`) and the real page's scene
 * source, with timeline intents applied by the editor page's own `applyTimelineIntent`. A drag's commit here is the commit users get: planned from the change,
 * validated incrementally, one undo step.
 */
export class BenchStore {
  private listeners = new Set<() => void>();
  private extras: SceneExtras;
  private source: () => TimelineScene;
  readonly editor: EditorStore;
  playhead = 0;
  duration: number;

  constructor(items: TimelineItem[], duration: number, viewSeconds: number) {
    this.duration = duration;
    this.editor = createEditorStore({
      items: items.map(toAlignmentItem),
      revision: 'bench',
      selectionRevision: 'bench',
      duration,
    });
    // The page validates once after mounting (a passive effect), not before the first frame.
    setTimeout(() => this.editor.getState().actions.validateNow(), 0);
    this.extras = {
      view: {
        startTime: 0,
        pxPerSecond: 1200 / viewSeconds,
        width: 1200,
        height: 260,
        devicePixelRatio: 1,
      },
      hoverKey: null,
      preview: null,
      snapGuide: null,
      laneMode: 'line',
    };
    this.source = createSceneSource(this.editor, () => this.extras);
    this.editor.subscribe(() => this.notify());
  }

  get scene(): TimelineScene {
    return this.source();
  }

  getScene = () => this.source();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify() {
    for (const l of this.listeners) l();
  }

  /** The selection (store) and the view (page state). */
  set(patch: { selection?: ReadonlySet<string>; view?: SceneExtras['view'] }): void {
    if (patch.selection) this.editor.getState().actions.select([...patch.selection], 'replace');
    if (patch.view) this.extras = { ...this.extras, view: patch.view };
    this.notify();
  }

  /** The editor's own intent mapping (page/timeline-intents.ts), onto this page's state. */
  apply = (intent: TimelineIntent): void =>
    applyTimelineIntent(intent, {
      store: this.editor,
      extras: {
        get: () => this.extras,
        set: (next) => {
          this.extras = { ...this.extras, ...next };
          this.notify();
        },
      },
      view: {
        set: (view) => {
          this.extras = { ...this.extras, view };
          this.notify();
        },
      },
      seek: (time) => {
        this.playhead = time;
      },
    });
}

/** A generated word as the service would send it (its key as its id). */
function toAlignmentItem(item: TimelineItem, i: number): AlignmentItem {
  return {
    id: item.key,
    line: item.line,
    word: i % WORDS_PER_LINE,
    subword: 0,
    start: item.start,
    end: item.end,
    text: item.text,
  };
}

const WORDS_PER_LINE = 6;

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
    line: Math.floor(i / WORDS_PER_LINE),
  }));
}
