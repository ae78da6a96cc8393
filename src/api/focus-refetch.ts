import { focusManager } from '@tanstack/react-query';

/**
 * React Query refetches on "focus" (queries with `refetchOnWindowFocus`): by default only when the
 * tab becomes visible again. Two windows side by side are both visible, so going back to one of
 * them is a window `focus`, not a visibility change: listen to both. The focus state itself stays
 * React Query's (visible = focused), so hidden tabs keep their polls paused.
 */
export function refetchOnFocusAndVisibility(): void {
  focusManager.setEventListener((handleFocus) => {
    if (typeof window === 'undefined') return undefined;
    const listener = () => handleFocus();
    window.addEventListener('visibilitychange', listener, false);
    window.addEventListener('focus', listener, false);
    return () => {
      window.removeEventListener('visibilitychange', listener);
      window.removeEventListener('focus', listener);
    };
  });
}
