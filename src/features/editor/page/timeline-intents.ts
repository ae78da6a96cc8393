import type { EditorStore } from '../store';
import type { TimelineIntent } from '../timeline/intents';
import { policyPreview } from './policy-preview';
import type { SceneExtras } from './timeline-scene';
import type { Box } from '../timeline/view-state';

/** Where the timeline's intents land: the store, the page's scene extras and view, the player. */
export interface IntentTargets {
  store: EditorStore;
  extras: Pick<Box<Omit<SceneExtras, 'view'>>, 'get' | 'set'>;
  view: Pick<Box<SceneExtras['view']>, 'set'>;
  seek: (time: number) => void;
  setCursor?: (cursor: string) => void;
}

/**
 * One timeline intent applied the editor's way: selections and edits to the store's actions (each
 * edit one undo step), a drag's preview through the overlap policy into the scene, hover and view
 * into the page's state, a ruler press to the player. The page and the editor bench share it.
 */
export function applyTimelineIntent(intent: TimelineIntent, to: IntentTargets): void {
  const { actions, doc, settings } = to.store.getState();
  switch (intent.type) {
    case 'select':
      return actions.select(intent.keys, intent.mode === 'range' ? 'add' : intent.mode);
    case 'preview':
      return to.extras.set({
        ...to.extras.get(),
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
    case 'marquee':
      return;
    case 'seek':
      return to.seek(intent.time);
    case 'hover':
      return to.extras.set({ ...to.extras.get(), hoverKey: intent.key });
    case 'cursor':
      return to.setCursor?.(intent.cursor);
    case 'view':
      return to.view.set(intent.view);
  }
}
