/** The error analyzeRepository rejects with when its AbortSignal fires (name 'AbortError', like fetch). */
export class AnalysisAbortedError extends Error {
  override readonly name = 'AbortError';
  constructor(reason?: unknown) {
    super(typeof reason === 'string' ? reason : 'Analysis aborted', { cause: reason });
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AnalysisAbortedError(signal.reason instanceof Error ? signal.reason.message : signal.reason);
}

/** Raised for a bad input directory (missing, not a directory): the CLI turns it into exit code 2. */
export class InvalidRepositoryError extends Error {
  override readonly name = 'InvalidRepositoryError';
}
