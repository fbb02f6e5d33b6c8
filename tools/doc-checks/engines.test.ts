/**
 * The Node.js version the project asks for is one every production dependency accepts
 * (docs/deployment.md "Requirements"): package.json's `engines.node` must lie inside each installed
 * production package's own `engines.node`, and the README's quick start names its floor.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const semver = createRequire(import.meta.url)('semver') as {
  subset: (sub: string, dom: string) => boolean;
  minVersion: (range: string) => { version: string } | null;
};

interface LockEntry {
  dev?: boolean;
  engines?: { node?: string } | string[];
}

/** Production packages (what `npm ci --omit=dev` installs) whose `engines.node` does not cover `range`. */
export function packagesRefusing(range: string): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const refusing: string[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key.startsWith('node_modules/') || entry.dev) continue;
    const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (wanted && !semver.subset(range, wanted)) refusing.push(`${key.slice('node_modules/'.length)} ${wanted}`);
  }
  return refusing;
}

const engines = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

describe('the Node.js version', () => {
  it("package.json's engines lie inside every production dependency's engines", () => {
    expect(packagesRefusing(engines)).toEqual([]);
  });

  it('would catch a floor a dependency refuses', () => {
    expect(packagesRefusing('>=20.19')).toContain('pg-boss >=22.12.0');
  });

  it("the README's quick start names the same floor", () => {
    const floor = semver.minVersion(engines)!.version.replace(/\.0$/, '');
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain(`Needs Node.js ${floor}+`);
  });
});
