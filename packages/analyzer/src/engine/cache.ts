import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashAnalyzerSources } from './source-version.mjs';
import type { BlameSummary } from './history-types.ts';
import type { FileFacts, StoredFunction } from './types.ts';

/**
 * On-disk cache of per-file results (see docs/performance.md, "Cache").
 *
 *   <cacheDir>/v<version>/repos/<sha1(real repo path)>.json   one pack per repository folder:
 *       every file's blob id, language facts, parsed functions and history summary. One read
 *       and one write per analysis, whatever the number of files.
 *   <cacheDir>/v<version>/repos/<sha1(real repo path)>.journal.json   the records changed since
 *       that pack was written (null = removed), naming the pack by its id. An analysis that
 *       changed a few files writes only this (rewriting a 10 MB pack cost ~0.1 s for 10 files);
 *       when it grows past a quarter of the pack, the pack is rewritten and the journal removed.
 *       A journal whose pack id does not match (another writer rewrote the pack) is ignored.
 *   <cacheDir>/v<version>/projects/<sha1(project key)>.json   the packs of one project's folders
 *       (clones, each worker's copy, forks), newest first. A folder analysed for the first time
 *       takes every result whose blob id matches from the newest of them, so a fresh clone of a
 *       known repository parses nothing.
 *
 * The version folder mixes the engine's format number with a hash of the analyzer sources that
 * shape results, so a code change never serves stale figures. Every write goes to a temporary
 * file renamed into place (atomic on one file system); anything unreadable is treated as a miss.
 */

/** Bump when the pack or index layout changes. */
const FORMAT = 5;

/** Packs remembered per project: enough for a few clones and workers. */
const PACKS_PER_PROJECT = 8;

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
  /** random id of this write, named by the journal that extends it */
  id?: string;
  root: string;
  /** sha1 of the project key (see projectKey) */
  project?: string;
  files: Record<string, FileRecord>;
  readme?: { key: string; value: unknown };
}

interface JournalFile {
  format: number;
  /** id of the pack these records change */
  base: string;
  files: Record<string, FileRecord | null>;
  readme?: { key: string; value: unknown };
  project?: string;
}

/** The journal is folded into a rewritten pack once it is this fraction of the pack's size. */
const JOURNAL_MAX_SHARE = 0.25;

/** What another folder of the project knows about one content: its functions and history. */
export interface SharedResult {
  functions: StoredFunction[];
  blame?: BlameSummary;
}

export class AnalysisCache {
  readonly versionDir: string;
  private readonly packName: string;
  private readonly packPath: string;
  private readonly journalPath: string;
  private records = new Map<string, FileRecord>();
  /** the pack on disk these records extend (id, size in characters), when there is one */
  private base: { id: string; size: number } | null = null;
  /** records changed since that pack was written: the journal's content (null = removed) */
  private journal = new Map<string, FileRecord | null>();
  private readme: { key: string; value: unknown } | undefined;
  private dirty = false;
  private project: string | undefined;
  private storedProject: string | undefined;
  private shared: Map<string, SharedResult> | null = null;

  constructor(
    cacheDir: string,
    readonly realRoot: string,
    version: string,
  ) {
    this.versionDir = path.join(cacheDir, `v${FORMAT}-${version}`);
    this.packName = createHash('sha1').update(realRoot).digest('hex');
    this.packPath = this.packFile(this.packName);
    this.journalPath = this.journalFile(this.packName);
  }

  /** Loads the repository's pack; a missing or corrupt pack is an empty cache. */
  load(): void {
    const read = this.readPack(this.packName);
    if (read) {
      const { pack, records, journal, size } = read;
      this.records = records;
      if (pack.readme && typeof pack.readme.key === 'string') this.readme = pack.readme;
      if (typeof pack.project === 'string') this.storedProject = pack.project;
      this.base = typeof pack.id === 'string' ? { id: pack.id, size } : null;
      this.journal = new Map(journal);
    } else {
      this.records = new Map();
      this.base = null;
      this.journal = new Map();
    }
  }

  /** Files recorded for this repository folder (0 on its first analysis). */
  get size(): number {
    return this.records.size;
  }

  /** The project this folder was registered under last time (sha1 of its key), if any. */
  get knownProject(): string | undefined {
    return this.storedProject;
  }

  /**
   * Registers this folder under `projectKey` (written by flush) and, when the folder has no pack
   * yet, takes the newest readable pack of the same project as the source of shared results.
   */
  joinProject(projectKey: string): void {
    this.project = createHash('sha1').update(projectKey).digest('hex');
    if (this.records.size > 0) return;
    for (const name of this.projectPacks()) {
      if (name === this.packName) continue;
      const read = this.readPack(name);
      if (!read) continue;
      const shared = new Map<string, SharedResult>();
      for (const record of read.records.values()) {
        if (!isRecord(record) || !Array.isArray(record.functions) || record.retry || record.parseError !== undefined) continue;
        const { blobId, language } = record.facts;
        if (typeof blobId === 'string' && typeof language === 'string')
          shared.set(`${blobId}\0${language}`, { functions: record.functions, blame: record.blame });
      }
      this.shared = shared;
      return;
    }
  }

  /** True when another folder of the project supplies results (see joinProject). */
  get sharing(): boolean {
    return this.shared !== null;
  }

  get(rel: string): FileRecord | undefined {
    const record = this.records.get(rel);
    return isRecord(record) ? record : undefined;
  }

  set(rel: string, record: FileRecord): void {
    this.records.set(rel, record);
    this.journal.set(rel, record);
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
        this.journal.set(rel, null);
        this.dirty = true;
      }
    }
  }

  /** Results for this content from another folder of the project, or undefined. */
  getShared(blobId: string, language: string): SharedResult | undefined {
    return this.shared?.get(`${blobId}\0${language}`);
  }

  /**
   * Writes what changed (when anything did) — the journal when it stays small beside the pack,
   * else the whole pack — and the project's index. Failures are swallowed: a cache is optional.
   */
  async flush(): Promise<void> {
    const projectChanged = this.project !== undefined && this.project !== this.storedProject;
    if (!this.dirty && !projectChanged) return;
    this.dirty = false;
    try {
      await fs.promises.mkdir(path.dirname(this.packPath), { recursive: true });
      const journal = this.base
        ? JSON.stringify({
            format: FORMAT,
            base: this.base.id,
            files: Object.fromEntries(this.journal),
            readme: this.readme,
            project: this.project,
          } satisfies JournalFile)
        : null;
      if (journal !== null && journal.length <= this.base!.size * JOURNAL_MAX_SHARE) {
        await atomicWrite(this.journalPath, journal);
      } else {
        const id = randomBytes(8).toString('hex');
        const text = JSON.stringify({
          format: FORMAT,
          id,
          root: this.realRoot,
          project: this.project,
          files: Object.fromEntries(this.records),
          readme: this.readme,
        } satisfies PackFile);
        await atomicWrite(this.packPath, text);
        this.base = { id, size: text.length };
        this.journal = new Map();
        await fs.promises.rm(this.journalPath, { force: true });
      }
      this.storedProject = this.project;
      if (this.project) {
        const packs = [this.packName, ...this.projectPacks().filter((name) => name !== this.packName)].slice(0, PACKS_PER_PROJECT);
        const index = this.projectIndex(this.project);
        await fs.promises.mkdir(path.dirname(index), { recursive: true });
        await atomicWrite(index, JSON.stringify({ packs }));
      }
    } catch {
      // A failed write is a miss next time.
    }
  }

  private projectPacks(): string[] {
    if (!this.project) return [];
    try {
      const value = JSON.parse(fs.readFileSync(this.projectIndex(this.project), 'utf8')) as { packs?: unknown };
      return Array.isArray(value.packs)
        ? value.packs.filter((name): name is string => typeof name === 'string' && /^[0-9a-f]{40}$/.test(name))
        : [];
    } catch {
      return [];
    }
  }

  /** A pack with its journal applied (a journal for another pack id is ignored); null when unreadable. */
  private readPack(
    name: string,
  ): { pack: PackFile; records: Map<string, FileRecord>; journal: Array<[string, FileRecord | null]>; size: number } | null {
    let pack: PackFile;
    let size: number;
    try {
      const text = fs.readFileSync(this.packFile(name), 'utf8');
      pack = JSON.parse(text) as PackFile;
      size = text.length;
      if (!(pack && pack.format === FORMAT && typeof pack.root === 'string' && pack.files && typeof pack.files === 'object')) return null;
    } catch {
      return null;
    }
    // A Map, not the parsed object: a file may be called __proto__.
    const records = new Map(Object.entries(pack.files));
    let journal: Array<[string, FileRecord | null]> = [];
    try {
      const changes = JSON.parse(fs.readFileSync(this.journalFile(name), 'utf8')) as JournalFile;
      if (
        changes &&
        changes.format === FORMAT &&
        typeof pack.id === 'string' &&
        changes.base === pack.id &&
        changes.files &&
        typeof changes.files === 'object'
      ) {
        journal = Object.entries(changes.files);
        for (const [rel, record] of journal) {
          if (record === null) records.delete(rel);
          else records.set(rel, record);
        }
        if (changes.readme) pack.readme = changes.readme;
        if (typeof changes.project === 'string') pack.project = changes.project;
      }
    } catch {
      // no journal, or unreadable: the pack alone
    }
    return { pack, records, journal, size };
  }

  private packFile(name: string): string {
    return path.join(this.versionDir, 'repos', `${name}.json`);
  }

  private journalFile(name: string): string {
    return path.join(this.versionDir, 'repos', `${name}.journal.json`);
  }

  private projectIndex(project: string): string {
    return path.join(this.versionDir, 'projects', `${project}.json`);
  }
}

function isRecord(record: FileRecord | undefined): record is FileRecord {
  return !!record && typeof record === 'object' && !!record.facts && typeof record.facts === 'object';
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

let sourceVersion: string | undefined;

/** Set by the bundle builder (packages/cli/build/bundle.mjs): the bundle no longer sits next to its sources. */
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

/**
 * Forgets what the cache holds for one repository folder (call before the folder is deleted):
 * its pack in every cache version. Project indexes that still name the pack read it as a miss.
 */
export function forgetFolder(cacheDir: string, folder: string): void {
  let realRoot: string;
  try {
    realRoot = fs.realpathSync(folder);
  } catch {
    realRoot = path.resolve(folder);
  }
  const name = createHash('sha1').update(realRoot).digest('hex');
  let versions: string[];
  try {
    versions = fs.readdirSync(cacheDir).filter((d) => /^v\d+-/.test(d));
  } catch {
    return; // no cache yet
  }
  for (const version of versions) {
    for (const file of [`${name}.json`, `${name}.journal.json`]) fs.rmSync(path.join(cacheDir, version, 'repos', file), { force: true });
  }
}
