import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A menu button (ARIA menu pattern): ↓ / ↑ on the button open the menu at its first / last item;
 * in the menu ↓ ↑ Home End move, Escape closes back to the button (the editor does not see the
 * key), Tab closes and moves on; a click anywhere else closes it.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };
  const openMenu = (first: 'first' | 'last') => {
    setOpen(true);
    // The menu renders on this update; focus goes to it right after.
    requestAnimationFrame(() => focusItem(first === 'first' ? 0 : -1));
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      const root = button.current?.parentElement;
      if (root && !root.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openMenu(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
    if (e.key in moves) {
      e.preventDefault();
      focusItem(moves[e.key] ?? 0);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation(); // the editor's own Escape (clear selection) is not meant
      close(true);
    } else if (e.key === 'Tab') close(false);
  };
  const toggle = () => (open ? close(false) : openMenu('first'));
  return { open, button, menu, close, toggle, onButtonKey, onMenuKey };
}
