import type { AlignmentItem } from '../../src/contract';
import { policyPreview } from '../../src/features/editor/page/policy-preview';
import { createSceneSource, type SceneExtras } from '../../src/features/editor/page/timeline-scene';
import { createEditorStore, type EditorStore } from '../../src/features/editor/store';
import type { TimelineIntent } from '../../src/features/editor/timeline/intents';
import type { TimelineItem, TimelineScene } from '../../src/features/editor/timeline/types';

/**
 * The bench page's state: the real editor store (`createEditorStore`) and the real page's scene
 * source, with timeline intents mapped to store actions the way the editor page maps them
 * (editor-body.tsx). A drag's commit here is the commit users get: planned from the change,
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

  private setExtras(patch: Partial<SceneExtras>) {
    this.extras = { ...this.extras, ...patch };
    this.notify();
  }

  apply = (intent: TimelineIntent): void => {
    const { actions, doc, settings } = this.editor.getState();
    switch (intent.type) {
      case 'select':
        return actions.select(intent.keys, intent.mode === 'range' ? 'add' : intent.mode);
      case 'preview':
        return this.setExtras({
          preview: policyPreview(doc, intent.preview, settings),
          snapGuide: intent.snapGuide,
        });
      case 'move':
        return actions.apply({ type: 'move', keys: intent.keys, delta: intent.deltaSeconds });
      case 'resize-start':
        return actions.setStart(intent.key, intent.time);
      case 'resize-end':
        return actions.setEnd(intent.key, intent.time);
      case 'roll':
        return actions.rollBoundary(intent.leftKey, intent.rightKey, intent.time);
      case 'view':
        return this.setExtras({ view: intent.view });
      case 'seek':
        this.playhead = intent.time;
        return;
      case 'hover':
        return this.setExtras({ hoverKey: intent.key });
      case 'marquee':
      case 'cursor':
        return;
    }
  };
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
