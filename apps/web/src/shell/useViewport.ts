import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '../theme/tokens.ts';

/** Phone below md (768), tablet from md to below lg (992), desktop from lg (docs/spec-conformance.md §9 breakpoints). */
export type Viewport = 'mobile' | 'tablet' | 'desktop';

export function viewportFor(width: number): Viewport {
  if (width < BREAKPOINTS.md) return 'mobile';
  if (width < BREAKPOINTS.lg) return 'tablet';
  return 'desktop';
}

function subscribe(callback: () => void): () => void {
  window.addEventListener('resize', callback);
  return () => window.removeEventListener('resize', callback);
}

const snapshot = (): Viewport => viewportFor(window.innerWidth);

export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, snapshot, () => 'desktop');
}
