import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoredFunction } from './function-content.ts';
import { hashAnalyzerSources } from './source-version.mjs';
import type { FileFacts } from './types.ts';

/**
 * On-disk cache of per-file results (see docs/performance.md, "Cache").
 *
 *   <cacheDir>/v<version>/repos/<sha1(real repo path)>.json   one pack per repository folder:
 *       every file's blob id, language facts, parsed functions and blame summary. One read and
 *       one write per analysis, whatever the number of files.
 *   <cacheDir>/v<version>/objects/<2>/<38>-<lang>.json        content-addressed parse results,
 *       keyed by blob id and language, shared by every clone of every repository.
 *
 * The version folder mixes the engine's format number with a hash of the analyzer sources that
 * shape results, so a code change never serves stale figures. Every write goes to a temporary
 * file renamed into place (atomic on one file system); anything unreadable is treated as a miss.
 */

/** Bump when the pack or object layout changes. */
const FORMAT = 4;

export interface BlameSummary {
  /** key the summary belongs to: blob id plus whether the file matched HEAD */
  key: string;
  /** commits seen: [short sha, committer time in seconds] */
  commits: Array<[string, number]>;
  /** runs of final lines: [firstLine (1-based), count, index into commits], flattened */
  runs: number[];
}

export interface FileRecord {
  facts: Omit<FileFacts, 'rel'>;
  /** attributes key the classification was made under */
  attrs: string;
  functions?: StoredFunction[];
  parseError?: string;
  /** the parse did not complete (file unreadable, worker crashed): parse again next time */
  retry?: boolean;
  blame?: BlameSummary;
}

interface PackFile {
  format: number;
  root: string;
  files: Record<string, FileRecord>;
  readme?: { key: string; value: unknown };
}

export class AnalysisCache {
  readonly versionDir: string;
  private readonly packPath: string;
  private records = new Map<string, FileRecord>();
  private readme: { key: string; value: unknown } | undefined;
  private dirty = false;
  private readonly pendingObjects: Array<{ file: string; functions: StoredFunction[] }> = [];
  private readonly pendingWrites: Array<Promise<void>> = [];
  private readonly folders = new Map<string, Promise<void>>();
  private readonly writeQueue: Array<{ file: string; functions: StoredFunction[] }> = [];
  private writing = 0;

  constructor(cacheDir: string, readonly realRoot: string, version: string) {
    this.versionDir = path.join(cacheDir, `v${FORMAT}-${version}`);
    const rootKey = createHash('sha1').update(realRoot).digest('hex');
    this.packPath = path.join(this.versionDir, 'repos', `${rootKey}.json`);
  }

  /** Loads the repository's pack; a missing or corrupt pack is an empty cache. */
  load(): void {
    try {
      const pack = JSON.parse(fs.readFileSync(this.packPath, 'utf8')) as PackFile;
      if (pack && pack.format === FORMAT && pack.root === this.realRoot && pack.files && typeof pack.files === 'object') {
        this.records = new Map(Object.entries(pack.files));
        if (pack.readme && typeof pack.readme.key === 'string') this.readme = pack.readme;
      }
    } catch {
      this.records = new Map();
    }
  }

  /** Files recorded for this repository folder (0 on its first analysis). */
  get size(): number {
    return this.records.size;
  }

  get(rel: string): FileRecord | undefined {
    const record = this.records.get(rel);
    return record && typeof record === 'object' && record.facts && typeof record.facts === 'object' ? record : undefined;
  }

  set(rel: string, record: FileRecord): void {
    this.records.set(rel, record);
    this.dirty = true;
  }

  /** The README analysis stored under `key`, if any (its inputs are summarised in the key). */
  getReadme(key: string): unknown {
    return this.readme?.key === key ? this.readme.value : undefined;
  }

  setReadme(key: string, value: unknown): void {
    this.readme = { key, value };
    this.dirty = true;
  }

  /** Drops records of files that are no longer in the repository. */
  retainOnly(rels: ReadonlySet<string>): void {
    for (const rel of this.records.keys()) {
      if (!rels.has(rel)) {
        this.records.delete(rel);
        this.dirty = true;
      }
    }
  }

  /** A parse result for this content from any repository, or undefined. */
  getObject(blobId: string, language: string): StoredFunction[] | undefined {
    try {
      const value = JSON.parse(fs.readFileSync(this.objectPath(blobId, language), 'utf8')) as unknown;
      return Array.isArray(value) ? (value as StoredFunction[]) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Kept until writeObjects() or flush(). */
  putObject(blobId: string, language: string, functions: StoredFunction[]): void {
    this.pendingObjects.push({ file: this.objectPath(blobId, language), functions });
  }

  /**
   * Starts writing the objects put so far, through the I/O thread pool, with one mkdir per
   * folder (a recursive mkdir per object cost ~0.7 s of main-thread CPU for 670 objects) and at
   * most WRITES_IN_FLIGHT at a time (each object is serialised just before its write, so the
   * JSON of all objects never exists at once). The engine calls it while it waits for git;
   * flush() awaits the writes.
   */
  writeObjects(): void {
    this.writeQueue.push(...this.pendingObjects.splice(0));
    while (this.writing < WRITES_IN_FLIGHT && this.writeQueue.length > 0) {
      this.writing++;
      this.pendingWrites.push(this.writeNext());
    }
  }

  private async writeNext(): Promise<void> {
    for (let item = this.writeQueue.shift(); item; item = this.writeQueue.shift()) {
      try {
        const folder = path.dirname(item.file);
        let made = this.folders.get(folder);
        if (!made) {
          made = fs.promises.mkdir(folder, { recursive: true }).then(() => undefined);
          this.folders.set(folder, made);
        }
        await made;
        await atomicWrite(item.file, JSON.stringify(item.functions));
      } catch {
        // A cache is optional: a failed write is a miss next time.
      }
    }
    this.writing--;
  }

  /** Writes the pack (when anything changed) and new objects. Failures are swallowed: a cache is optional. */
  async flush(): Promise<void> {
    this.writeObjects();
    const writes = this.pendingWrites.splice(0);
    if (this.dirty) {
      const pack: PackFile = { format: FORMAT, root: this.realRoot, files: Object.fromEntries(this.records), readme: this.readme };
      const text = JSON.stringify(pack);
      writes.push(
        fs.promises
          .mkdir(path.dirname(this.packPath), { recursive: true })
          .then(() => atomicWrite(this.packPath, text))
          .catch(() => undefined),
      );
      this.dirty = false;
    }
    await Promise.all(writes);
  }

  private objectPath(blobId: string, language: string): string {
    const lang = language.replace(/[^A-Za-z0-9+#-]/g, '_');
    return path.join(this.versionDir, 'objects', blobId.slice(0, 2), `${blobId.slice(2)}-${lang}.json`);
  }
}

/** Writes via a temporary file renamed into place; the folder must exist. */
async function atomicWrite(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.promises.writeFile(tmp, text);
    await fs.promises.rename(tmp, file);
  } catch (error) {
    await fs.promises.rm(tmp, { force: true });
    throw error;
  }
}

/** Object files written concurrently (enough to keep the I/O threads busy). */
const WRITES_IN_FLIGHT = 8;

let sourceVersion: string | undefined;

/** Set by the bundle builder (build/bundle.mjs): the bundle no longer sits next to its sources. */
declare const __DOCENT_SOURCE_VERSION__: string | undefined;

/**
 * Hash of the analyzer sources whose output is cached (functions, docstyles, languages, the
 * engine's worker side). Computed once per process; in the bundle it was computed at build time.
 */
export function analyzerSourceVersion(): string {
  // The benchmark pins the version so that edits made while it runs do not empty its cache.
  if (process.env.DOCENT_CACHE_VERSION) return process.env.DOCENT_CACHE_VERSION.replace(/[^A-Za-z0-9]/g, '').slice(0, 40) || 'pinned';
  if (typeof __DOCENT_SOURCE_VERSION__ === 'string') return __DOCENT_SOURCE_VERSION__;
  sourceVersion ??= hashAnalyzerSources(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  return sourceVersion;
}
