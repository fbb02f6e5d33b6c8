import type { DocFinding } from '@docent/contracts';

/** What one `git log -p` walk found for a file (history.ts), kept in the analysis cache (cache.ts). */
export interface BlameSummary {
  /** key the summary belongs to: blob id plus whether the file matched HEAD */
  key: string;
  /** commits seen: [short sha, committer time in seconds] */
  commits: Array<[string, number]>;
  /** runs of final lines: [firstLine (1-based), count, index into commits], flattened */
  runs: number[];
  /** pure deletions: [line after which lines were deleted, index into commits], flattened; newest per line */
  deletions?: number[];
  /** per function of the file: what its history says (doc-history.ts), once judged */
  verdicts?: Array<DocHistoryVerdict | null>;
}

/** What history says about one documented function; stored in the cache beside the line walk. */
export interface DocHistoryVerdict {
  outdated?: { explanation: string; findings: DocFinding[]; commit: string; date: string };
  review?: { commit: string; date: string; docDate: string; explanation: string; findings: DocFinding[]; before?: string };
  /** missing parameters that were there when the doc was written: incomplete from the start */
  incomplete?: string[];
}
