import { useEffect, useRef } from 'react';
import { DEFAULT_KEY_MAP, type CommandId, type KeyMap } from './key-map';
import { matchKey, matchKeyUp } from './match-key';

/**
 * What the page does for each command. Return `false` to say "not handled": the key then keeps its
 * browser default.
 */
export type KeyHandlers = Partial<Record<CommandId, (event: KeyboardEvent) => void | boolean>>;

export interface EditorKeyboardOptions {
  map?: KeyMap;
  /** Tap mode on: the tap key is bound. */
  tapMode?: boolean;
  /** Off while something else owns the keyboard (default on). */
  enabled?: boolean;
  /** Selector of the editing area: keys sent elsewhere are not shortcuts (default: anywhere). */
  area?: string;
  /** Where to listen (default window). */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Binds the key map on the window and calls the page's handlers. It knows nothing of the store or
 * the player: the page decides what each command does.
 */
export function useEditorKeyboard(handlers: KeyHandlers, options: EditorKeyboardOptions = {}) {
  const latest = useRef({ handlers, options });
  useEffect(() => {
    latest.current = { handlers, options };
  });
  const enabled = options.enabled ?? true;
  const target = options.target;

  useEffect(() => {
    if (!enabled) return;
    const on = target ?? window;
    // Release commands owed for keys held down (tap: the release ends the word).
    const held = new Map<string, CommandId>();

    const keydown = (event: KeyboardEvent) => {
      const { handlers: h, options: o } = latest.current;
      const map = o.map ?? DEFAULT_KEY_MAP;
      const binding = matchKey(event, map, { tapMode: o.tapMode ?? false, area: o.area });
      const handler = binding && h[binding.id];
      if (!binding || !handler) return;
      if (event.repeat && !binding.repeat) {
        event.preventDefault();
        return;
      }
      if (handler(event) === false) return;
      event.preventDefault();
      if (binding.release) held.set(event.key.toLowerCase(), binding.release);
    };
    const keyup = (event: KeyboardEvent) => {
      const { handlers: h, options: o } = latest.current;
      const binding = matchKeyUp(event, o.map ?? DEFAULT_KEY_MAP);
      const release = held.get(event.key.toLowerCase());
      if (!binding || release === undefined) return;
      held.delete(event.key.toLowerCase());
      h[release]?.(event);
    };
    // Focus lost mid-hold: no keyup will come, so release now rather than leave a word held.
    const blur = () => {
      const { handlers: h } = latest.current;
      for (const release of held.values()) h[release]?.(new KeyboardEvent('keyup'));
      held.clear();
    };
    on.addEventListener('keydown', keydown as EventListener);
    on.addEventListener('keyup', keyup as EventListener);
    on.addEventListener('blur', blur);
    return () => {
      on.removeEventListener('keydown', keydown as EventListener);
      on.removeEventListener('keyup', keyup as EventListener);
      on.removeEventListener('blur', blur);
    };
  }, [enabled, target]);
}
