import { lazy, Suspense, type ComponentType } from 'react';
import type { AlertProps } from 'antd';

// antd's Alert (~3 kB gzipped with its styles) loads when a notice is first shown: the dashboard's
// notices (unverified email, credits, sign-in expired, list failed) are conditional, so its first
// load leaves it out (docs/performance.md, "First load").
let loaded: ComponentType<AlertProps> | null = null;

/** Loads antd's Alert; from then on LazyAlert renders at once. */
export function preloadAlert(): Promise<ComponentType<AlertProps>> {
  return import('antd/es/alert/Alert').then((m) => (loaded = m.default));
}

const Deferred = lazy(() => preloadAlert().then((Alert) => ({ default: Alert })));

/** antd's Alert, loaded on first use; nothing shows until it is there. */
export function LazyAlert(props: AlertProps) {
  if (loaded) {
    const Alert = loaded;
    return <Alert {...props} />;
  }
  return (
    <Suspense fallback={null}>
      <Deferred {...props} />
    </Suspense>
  );
}
