/**
 * The suggested README: the existing text unchanged, plus the conventional sections it lacks,
 * filled from what the repository shows (package manifests, LICENSE, CONTRIBUTING) and with
 * placeholders in <angle brackets> for the rest.
 */
import { lstatSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { SectionName } from './score.ts';

interface ProjectFacts {
  name: string;
  install: string[];
  usage: string[];
  license: string | null;
  licenseFile: string | null;
  contributingFile: string | null;
}

function readSmall(repoDir: string, rel: string): string | null {
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
    install: [],
    usage: [],
    license: null,
    licenseFile: null,
    contributingFile: null,
  };
  const pkg = root.has('package.json') ? readSmall(repoDir, 'package.json') : null;
  if (pkg) {
    try {
      const json = JSON.parse(pkg) as { name?: string; private?: boolean; bin?: unknown; scripts?: Record<string, string> };
      if (json.name) facts.name = json.name;
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
    if (name) {
      if (!pkg) facts.name = name;
      facts.install.push(`pip install ${name}`);
    } else facts.install.push('pip install -r requirements.txt');
  }
  const cargo = root.has('Cargo.toml') ? readSmall(repoDir, 'Cargo.toml') : null;
  const crate = cargo ? /\[package\][\s\S]*?^\s*name\s*=\s*"([^"]+)"/m.exec(cargo)?.[1] : undefined;
  if (crate) {
    facts.install.push(/\[\[bin\]\]|src\/main\.rs/.test(cargo + repoFiles.join('\n')) ? `cargo install ${crate}` : `cargo add ${crate}`);
  }
  const gomod = root.has('go.mod') ? readSmall(repoDir, 'go.mod') : null;
  const goModule = gomod ? /^module\s+(\S+)/m.exec(gomod)?.[1] : undefined;
  if (goModule) facts.install.push(`go get ${goModule}`);
  const gemspec = [...root].find((f) => f.endsWith('.gemspec'));
  if (gemspec) facts.install.push(`gem install ${gemspec.replace(/\.gemspec$/, '')}`);
  const composer = root.has('composer.json') ? readSmall(repoDir, 'composer.json') : null;
  if (composer) {
    const name = /"name"\s*:\s*"([^"]+)"/.exec(composer)?.[1];
    if (name) facts.install.push(`composer require ${name}`);
  }
  if (root.has('pom.xml')) facts.install.push('mvn install');
  else if (root.has('build.gradle') || root.has('build.gradle.kts')) facts.install.push('./gradlew build');
  if (root.has('Makefile') && facts.install.length === 0) facts.install.push('make', 'make install');

  facts.licenseFile = [...root].find((f) => /^(?:LICEN[CS]E|COPYING)(?:\.|$)/i.test(f)) ?? null;
  if (facts.licenseFile) facts.license = licenseName(readSmall(repoDir, facts.licenseFile) ?? '');
  facts.contributingFile =
    repoFiles.find((f) => /^(?:\.github\/|docs\/)?CONTRIBUTING(?:\.|$)/i.test(f)) ?? null;
  return facts;
}

function sectionText(section: SectionName, facts: ProjectFacts): string {
  const shell = (cmds: string[]) => `\`\`\`sh\n${cmds.join('\n')}\n\`\`\``;
  switch (section) {
    case 'title':
      return `# ${facts.name}`;
    case 'description':
      return `<One or two sentences: what ${facts.name} does, who it is for, and why it is useful.>`;
    case 'installation':
      return `## Installation\n\n${
        facts.install.length > 0 ? shell(facts.install) : shell(['<command that installs the project>'])
      }\n\n<Requirements: language version, system packages, accounts or keys needed.>`;
    case 'usage':
      return `## Usage\n\n${
        facts.usage.length > 0 ? shell(facts.usage) : shell(['<the smallest command or code that shows the project working>'])
      }\n\n<Explain what the example does and what output to expect.>`;
    case 'license':
      return `## License\n\n${
        facts.licenseFile
          ? `${facts.license ? `Released under the ${facts.license} license` : 'See the license terms'} in [${facts.licenseFile}](${facts.licenseFile}).`
          : '<Name the license, e.g. MIT, and add a LICENSE file to the repository.>'
      }`;
    case 'contributing':
      return `## Contributing\n\n${
        facts.contributingFile
          ? `Contributions are welcome: read [${facts.contributingFile}](${facts.contributingFile}) before opening a pull request.`
          : '<How to report bugs, propose changes and run the tests before opening a pull request.>'
      }`;
  }
}

/**
 * The existing README with the missing sections added: a title and description go on top (a
 * missing description goes right under an existing title), the rest at the end. Null when
 * nothing is missing.
 */
export function suggestReadme(existing: string | null, missing: readonly SectionName[], facts: ProjectFacts): string | null {
  if (missing.length === 0) return null;
  const body = (existing ?? '').replace(/\s+$/, '');
  const top = missing.filter((s) => s === 'title' || s === 'description').map((s) => sectionText(s, facts));
  const bottom = missing.filter((s) => s !== 'title' && s !== 'description').map((s) => sectionText(s, facts));
  let result = body;
  if (top.length > 0) {
    const titleMatch = !missing.includes('title') ? /^(?:#[^\n]*|[^\n]+\n(?:=+|-+))\n/m.exec(body) : null;
    if (titleMatch && titleMatch.index === body.search(/\S/)) {
      const end = titleMatch.index + titleMatch[0].length;
      result = `${body.slice(0, end)}\n${top.join('\n\n')}\n${body.slice(end)}`;
    } else {
      result = [top.join('\n\n'), body].filter(Boolean).join('\n\n');
    }
  }
  return `${[result, ...bottom].filter(Boolean).join('\n\n')}\n`;
}
