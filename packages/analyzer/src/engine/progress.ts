/**
 * Progress reporting that never goes backwards and never lets a throwing callback break the
 * analysis. Percent is rounded to one decimal.
 */
export function createProgress(callback?: (percent: number, message: string) => void): { phase(percent: number, message: string): void } {
  let last = 0;
  return {
    phase(percent: number, message: string): void {
      if (!callback) return;
      last = Math.max(last, Math.min(100, Math.round(percent * 10) / 10));
      try {
        callback(last, message);
      } catch {
        // the caller's problem; the analysis goes on
      }
    },
  };
}
