import { Spinner } from './Spinner.tsx';

/** Centered spinner for routes that only do work and move on (rapid login, logout, lazy pages). */
export function FullPageLoader({ tip }: { tip?: string }) {
  return (
    <div className="dc-fullpage-loader" role="status" aria-live="polite">
      <Spinner size="large" />
      {tip && <p>{tip}</p>}
    </div>
  );
}
