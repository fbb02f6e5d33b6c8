import { describe, expect, it } from 'vitest';
import {
  ArchDocConfig,
  DEFAULT_DOC_OPTIONS,
  DOC_OPTION_TEXTS,
  docOptionsIssues,
  formatsOf,
  normalDocPath,
  toArchDocConfig,
  validBranchName,
  withHtml,
} from './archdocs.ts';

const messages = (input: unknown) => {
  const r = ArchDocConfig.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('documentation options: defaults, dependent choices and their validation', () => {
  it('defaults: host, PDF, Markdown, HTML on; RST, XML, RTF off; commit off, branch main, path docs', () => {
    expect(DEFAULT_DOC_OPTIONS).toMatchObject({
      hostDocumentation: true,
      generatePdf: true,
      generateMd: true,
      generateHtml: true,
      generateRst: false,
      generateXml: false,
      generateRtf: false,
      commitToGit: false,
      branch: 'main',
      path: 'docs',
    });
    expect(ArchDocConfig.parse({})).toEqual({
      hostDocumentation: true,
      generatePdf: true,
      generateMd: true,
      generateHtml: true,
      generateRst: false,
      generateXml: false,
      generateRtf: false,
    });
    expect(docOptionsIssues(DEFAULT_DOC_OPTIONS)).toEqual([]);
  });

  it('unchecking HTML forces commit on and host off', () => {
    const f = withHtml(DEFAULT_DOC_OPTIONS, false);
    expect(f).toMatchObject({ generateHtml: false, commitToGit: true, hostDocumentation: false });
    expect(docOptionsIssues(f)).toEqual([]);
    expect(withHtml(f, true)).toMatchObject({ generateHtml: true, commitToGit: true });
  });

  it('sends commitOutput only when commit is chosen', () => {
    expect(toArchDocConfig(DEFAULT_DOC_OPTIONS)).not.toHaveProperty('commitOutput');
    expect(toArchDocConfig({ ...DEFAULT_DOC_OPTIONS, commitToGit: true, branch: ' dev ', path: 'docs/arch' }).commitOutput).toEqual({
      commitToGit: true,
      branch: 'dev',
      path: 'docs/arch',
    });
  });

  it('refuses with the spec texts', () => {
    expect(messages({ generateHtml: false, hostDocumentation: false })).toEqual([DOC_OPTION_TEXTS.commitRequired]);
    expect(DOC_OPTION_TEXTS.commitRequired).toBe('Repository commit is required when HTML is not selected');
    expect(messages({ generateHtml: false, commitOutput: { commitToGit: true, branch: 'main', path: 'docs' } })).toEqual([
      DOC_OPTION_TEXTS.hostRequiresHtml,
    ]);
    expect(messages({ commitOutput: { commitToGit: true, branch: 'main', path: '  ' } })).toEqual(['Please specify a directory path']);
    expect(
      messages({
        generatePdf: false,
        generateMd: false,
        generateHtml: false,
        hostDocumentation: false,
        commitOutput: { commitToGit: true, branch: 'main', path: 'docs' },
      }),
    ).toEqual([DOC_OPTION_TEXTS.formatRequired]);
    expect(messages({ commitOutput: { commitToGit: true, branch: 'a..b', path: '../x' } }).sort()).toEqual(
      [DOC_OPTION_TEXTS.branchInvalid, DOC_OPTION_TEXTS.pathInvalid].sort(),
    );
  });

  it('paths and branches', () => {
    expect(normalDocPath('./docs/arch/')).toBe('docs/arch');
    for (const bad of ['/etc', '..', 'a/../b', '.git', 'docs/.GIT/x', 'a\\b', 'a//b']) expect(normalDocPath(bad)).toBeNull();
    expect(validBranchName('main')).toBe(true);
    expect(validBranchName('docent/docs-1')).toBe(true);
    for (const bad of ['-x', 'a..b', 'a.lock', 'a/', '/a', 'a b', 'x@{1}', '']) expect(validBranchName(bad)).toBe(false);
    expect(formatsOf({ ...DEFAULT_DOC_OPTIONS, generateRtf: true })).toEqual(['md', 'html', 'pdf', 'rtf']);
  });
});
