/**
 * The suggested README (docs/metrics/readme.md): the existing text, improved only with what the
 * repository shows — missing sections filled from its package manifest, LICENSE and CONTRIBUTING
 * files, a table of contents for a long Markdown README, and broken relative links pointed at the
 * file they meant — written in the README's own format (Markdown or reStructuredText), each
 * change with its reason. No placeholders: what the repository does not tell is not invented.
 */
import { lstatSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import GithubSlugger from 'github-slugger';
import type { BrokenLink, ReadmeChange } from '@docent/contracts';
import type { HeadingInfo } from './extract.ts';
import type { SectionName } from './score.ts';
import { README_ROOT_FILE } from './inputs.ts';

export interface ProjectFacts {
  name: string;
  /** one-line description from the manifest, and which manifest */
  description: string | null;
  /** the manifest the name, install and usage commands come from */
  source: string | null;
  install: string[];
  usage: string[];
  license: string | null;
  licenseFile: string | null;
  contributingFile: string | null;
}

function readSmall(repoDir: string, rel: string): string | null {
  // The README card's cache key covers only the root files README_ROOT_FILE names.
  if (!rel.includes('/') && !README_ROOT_FILE.test(rel))
    throw new Error(`README analysis reads ${rel}: add it to README_ROOT_FILE (readme/inputs.ts)`);
  try {
    const full = join(repoDir, rel);
    const st = lstatSync(full);
    if (!st.isFile() || st.size > 256 * 1024) return null;
    return readFileSync(full, 'utf8');
  } catch {
    return null;
  }
}

function licenseName(text: string): string | null {
  const head = text.slice(0, 1500);
  if (/MIT License|Permission is hereby granted, free of charge/i.test(head)) return 'MIT';
  if (/Apache License,?\s+Version 2\.0/i.test(head)) return 'Apache-2.0';
  if (/GNU LESSER GENERAL PUBLIC LICENSE/i.test(head)) return 'LGPL';
  if (/GNU AFFERO GENERAL PUBLIC LICENSE/i.test(head)) return 'AGPL-3.0';
  if (/GNU GENERAL PUBLIC LICENSE[\s\S]*Version 3/i.test(head)) return 'GPL-3.0';
  if (/GNU GENERAL PUBLIC LICENSE/i.test(head)) return 'GPL-2.0';
  if (/Mozilla Public License,?\s+(?:Version|v\.?)\s*2\.0/i.test(head)) return 'MPL-2.0';
  if (/ISC License/i.test(head)) return 'ISC';
  if (/BSD/i.test(head) && /Redistribution and use/i.test(head)) return 'BSD';
  if (/unlicense|public domain/i.test(head)) return 'Unlicense';
  return null;
}

/** What the repository tells us about installing and using it. */
export function projectFacts(repoDir: string, repoFiles: readonly string[]): ProjectFacts {
  const root = new Set(repoFiles.filter((f) => !f.includes('/')));
  const facts: ProjectFacts = {
    name: basename(repoDir) || 'project',
    description: null,
    source: null,
    install: [],
    usage: [],
    license: null,
    licenseFile: null,
    contributingFile: null,
  };
  const pkg = root.has('package.json') ? readSmall(repoDir, 'package.json') : null;
  if (pkg) {
    try {
      const json = JSON.parse(pkg) as {
        name?: string;
        description?: string;
        private?: boolean;
        bin?: unknown;
        scripts?: Record<string, string>;
      };
      facts.source = 'package.json';
      if (json.name) facts.name = json.name;
      if (typeof json.description === 'string' && json.description.trim()) facts.description = json.description.trim();
      if (json.private || !json.name) facts.install.push('npm install');
      else facts.install.push(`npm install ${json.name}`);
      if (json.scripts?.build) facts.install.push('npm run build');
      if (json.bin) facts.usage.push(`npx ${json.name ?? facts.name} --help`);
      if (json.scripts?.start) facts.usage.push('npm start');
      if (json.scripts?.test) facts.usage.push('npm test');
    } catch {
      facts.install.push('npm install');
    }
  }
  const pyproject = root.has('pyproject.toml') ? readSmall(repoDir, 'pyproject.toml') : null;
  const pyName = pyproject ? /^\s*name\s*=\s*["']([^"']+)["']/m.exec(pyproject)?.[1] : undefined;
  const setupPy = !pyName && root.has('setup.py') ? readSmall(repoDir, 'setup.py') : null;
  const setupName = setupPy ? /\bname\s*=\s*["']([^"']+)["']/.exec(setupPy)?.[1] : undefined;
  if (pyName || setupName || root.has('requirements.txt')) {
    const name = pyName ?? setupName;
    facts.source ??= pyName ? 'pyproject.toml' : setupName ? 'setup.py' : 'requirements.txt';
    const described = pyproject
      ? /^\s*description\s*=\s*["']([^"'\n]+)["']/m.exec(pyproject)?.[1]
      : setupPy
        ? /\bdescription\s*=\s*["']([^"'\n]+)["']/.exec(setupPy)?.[1]
        : undefined;
    if (described) facts.description ??= described.trim();
    if (name) {
      if (!pkg) facts.name = name;
      facts.install.push(`pip install ${name}`);
    } else facts.install.push('pip install -r requirements.txt');
  }
  const cargo = root.has('Cargo.toml') ? readSmall(repoDir, 'Cargo.toml') : null;
  const crate = cargo ? /\[package\][\s\S]*?^\s*name\s*=\s*"([^"]+)"/m.exec(cargo)?.[1] : undefined;
  if (crate) {
    facts.source ??= 'Cargo.toml';
    const described = /^\s*description\s*=\s*"([^"\n]+)"/m.exec(cargo ?? '')?.[1];
    if (described) facts.description ??= described.trim();
    facts.install.push(/\[\[bin\]\]|src\/main\.rs/.test(cargo + repoFiles.join('\n')) ? `cargo install ${crate}` : `cargo add ${crate}`);
  }
  const gomod = root.has('go.mod') ? readSmall(repoDir, 'go.mod') : null;
  const goModule = gomod ? /^module\s+(\S+)/m.exec(gomod)?.[1] : undefined;
  if (goModule) {
    facts.source ??= 'go.mod';
    facts.install.push(`go get ${goModule}`);
  }
  const gemspec = [...root].find((f) => f.endsWith('.gemspec'));
  if (gemspec) facts.install.push(`gem install ${gemspec.replace(/\.gemspec$/, '')}`);
  const composer = root.has('composer.json') ? readSmall(repoDir, 'composer.json') : null;
  if (composer) {
    const name = /"name"\s*:\s*"([^"]+)"/.exec(composer)?.[1];
    if (name) facts.install.push(`composer require ${name}`);
  }
  if (root.has('pom.xml')) {
    facts.source ??= 'pom.xml';
    facts.install.push('mvn install');
    const pom = readSmall(repoDir, 'pom.xml');
    const described = pom ? /<description>\s*([^<]{3,300}?)\s*<\/description>/.exec(pom)?.[1] : undefined;
    if (described) facts.description ??= described.replace(/\s+/g, ' ');
  } else if (root.has('build.gradle') || root.has('build.gradle.kts')) {
    facts.source ??= root.has('build.gradle') ? 'build.gradle' : 'build.gradle.kts';
    facts.install.push('./gradlew build');
  }
  if (root.has('Makefile') && facts.install.length === 0) facts.install.push('make', 'make install');

  facts.licenseFile = [...root].find((f) => /^(?:LICEN[CS]E|COPYING)(?:\.|$)/i.test(f)) ?? null;
  if (facts.licenseFile) facts.license = licenseName(readSmall(repoDir, facts.licenseFile) ?? '');
  facts.contributingFile = repoFiles.find((f) => /^(?:\.github\/|docs\/)?CONTRIBUTING(?:\.|$)/i.test(f)) ?? null;
  return facts;
}

export type ReadmeFormat = 'markdown' | 'rst' | 'text';

/** A heading and body in the README's format. */
function section(format: ReadmeFormat, title: string, body: string): string {
  if (format === 'markdown') return `## ${title}\n\n${body}`;
  if (format === 'rst') return `${title}\n${'-'.repeat(title.length)}\n\n${body}`;
  return `${title}\n\n${body}`;
}

function commands(format: ReadmeFormat, cmds: readonly string[]): string {
  if (format === 'markdown') return `\`\`\`sh\n${cmds.join('\n')}\n\`\`\``;
  if (format === 'rst') return `.. code-block:: sh\n\n${cmds.map((c) => `   ${c}`).join('\n')}`;
  return cmds.map((c) => `    ${c}`).join('\n');
}

function link(format: ReadmeFormat, text: string, target: string): string {
  if (format === 'markdown') return `[${text}](${target})`;
  if (format === 'rst') return `\`${text} <${target}>\`_`;
  return `${text} (${target})`;
}

export interface ReadmeSuggestion {
  text: string;
  changes: ReadmeChange[];
}

/** Where a table of contents pays off: a long README with many sections. */
const TOC_MIN_SECTIONS = 5;
const TOC_MIN_WORDS = 1000;

/**
 * The improved README and its changes, or null when the repository offers nothing to add.
 * `existing` null means there is no README: one is built from the facts alone.
 */
export function suggestReadme(input: {
  existing: string | null;
  format: ReadmeFormat;
  missing: readonly SectionName[];
  facts: ProjectFacts;
  headings?: readonly HeadingInfo[];
  wordCount?: number;
  brokenLinks?: readonly BrokenLink[];
  readmePath?: string | null;
  repoFiles?: readonly string[];
}): ReadmeSuggestion | null {
  const { format, facts } = input;
  const missing = new Set(input.missing);
  const changes: ReadmeChange[] = [];
  let body = (input.existing ?? '').replace(/\s+$/, '');

  // Broken relative links whose file exists elsewhere under the same name (moved files).
  for (const broken of input.brokenLinks ?? []) {
    const fixed = relinked(broken, input.readmePath ?? 'README.md', input.repoFiles ?? []);
    if (!fixed) continue;
    const before = body;
    body = body
      .split(`(${broken.url})`)
      .join(`(${fixed})`)
      .split(`<${broken.url}>`)
      .join(`<${fixed}>`)
      .split(`"${broken.url}"`)
      .join(`"${fixed}"`);
    if (body !== before) changes.push({ code: 'FIX_LINK', params: { from: broken.url, to: fixed, line: String(broken.line) } });
  }

  const top: string[] = [];
  if (missing.has('title')) {
    top.push(format === 'markdown' ? `# ${facts.name}` : format === 'rst' ? `${facts.name}\n${'='.repeat(facts.name.length)}` : facts.name);
    changes.push({ code: 'ADD_TITLE', params: { name: facts.name } });
  }
  if (missing.has('description') && facts.description) {
    top.push(facts.description);
    changes.push({ code: 'ADD_DESCRIPTION', params: { source: facts.source ?? '' } });
  }

  const bottom: string[] = [];
  if (missing.has('installation') && facts.install.length > 0) {
    bottom.push(section(format, 'Installation', commands(format, facts.install)));
    changes.push({ code: 'ADD_INSTALLATION', params: { source: facts.source ?? '' } });
  }
  if (missing.has('usage') && facts.usage.length > 0) {
    bottom.push(section(format, 'Usage', commands(format, facts.usage)));
    changes.push({ code: 'ADD_USAGE', params: { source: facts.source ?? '' } });
  }
  if (missing.has('contributing') && facts.contributingFile) {
    bottom.push(
      section(
        format,
        'Contributing',
        `Contributions are welcome: read ${link(format, facts.contributingFile, facts.contributingFile)} before opening a pull request.`,
      ),
    );
    changes.push({ code: 'ADD_CONTRIBUTING', params: { file: facts.contributingFile } });
  }
  if (missing.has('license') && facts.licenseFile) {
    const named = facts.license ? `Released under the ${facts.license} license; see ` : 'See ';
    bottom.push(section(format, 'License', `${named}${link(format, facts.licenseFile, facts.licenseFile)}.`));
    changes.push({ code: 'ADD_LICENSE', params: { file: facts.licenseFile, license: facts.license ?? '' } });
  }

  // A table of contents for a long Markdown README (GitHub's anchors), before its first section.
  const sections = (input.headings ?? []).filter((h) => h.depth === 2);
  const hasToc = (input.headings ?? []).some((h) => /\b(?:table of )?contents\b|\btoc\b/i.test(h.text));
  let toc: string | null = null;
  if (format === 'markdown' && !hasToc && sections.length >= TOC_MIN_SECTIONS && (input.wordCount ?? 0) >= TOC_MIN_WORDS) {
    const slugger = new GithubSlugger();
    for (const h of input.headings ?? []) if (h.depth === 1) slugger.slug(h.text);
    toc = `## Contents\n\n${sections.map((h) => `- [${h.text}](#${slugger.slug(h.text)})`).join('\n')}`;
    changes.push({ code: 'ADD_TOC', params: { sections: String(sections.length) } });
  }

  if (changes.length === 0) return null;
  let result = body;
  if (toc) {
    const first = result.search(/^## /m);
    result = first >= 0 ? `${result.slice(0, first)}${toc}\n\n${result.slice(first)}` : `${result}\n\n${toc}`;
  }
  if (top.length > 0) {
    if (!missing.has('title')) {
      // A description goes right under the existing title.
      const titleMatch = /^(?:#[^\n]*|[^\n]+\n(?:=+|-+))\n/m.exec(result);
      if (titleMatch && titleMatch.index === result.search(/\S/)) {
        const end = titleMatch.index + titleMatch[0].length;
        result = `${result.slice(0, end)}\n${top.join('\n\n')}\n${result.slice(end)}`;
      } else result = [top.join('\n\n'), result].filter(Boolean).join('\n\n');
    } else result = [top.join('\n\n'), result].filter(Boolean).join('\n\n');
  }
  return { text: `${[result, ...bottom].filter(Boolean).join('\n\n')}\n`, changes };
}

/** The path a broken relative link most likely meant: the one file in the repository with its name. */
function relinked(broken: BrokenLink, readmePath: string, repoFiles: readonly string[]): string | null {
  if ((broken.kind !== 'link' && broken.kind !== 'image') || /^[a-z][a-z0-9+.-]*:|^#|^\//i.test(broken.url)) return null;
  const [target] = broken.url.split(/[#?]/);
  const name = (target ?? '').split('/').pop();
  if (!name || !name.includes('.')) return null;
  const candidates = repoFiles.filter((f) => f === name || f.endsWith(`/${name}`));
  if (candidates.length !== 1) return null;
  const dir = readmePath.includes('/') ? readmePath.slice(0, readmePath.lastIndexOf('/') + 1) : '';
  const found = candidates[0]!;
  if (dir && !found.startsWith(dir)) return null; // outside the README's folder: leave it to a human
  return found.slice(dir.length) + broken.url.slice((target ?? '').length);
}
