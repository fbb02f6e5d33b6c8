import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { DocSetResult } from '@docent/contracts';
import i18n from '../i18n/index.ts';
import { fakeApi } from '../test/fakeApi.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { DocSetResultView, DocSetTab } from './DocSetTab.tsx';

const ref = { vendor: 'GITHUB' as const, org: 'octo', repo: 'shop' };
const result: DocSetResult = {
  kind: 'arch',
  commit: '6dcb09b5b57875f334f61aebed695e2e4193db5e',
  formats: ['md', 'html', 'pdf'],
  files: [
    {
      name: 'architecture.pdf',
      format: 'pdf',
      size: 2048,
      contentType: 'application/pdf',
      url: '/docs/r1/arch/@6dcb09b5b57875f334f61aebed695e2e4193db5e/architecture.pdf?download=1',
    },
    {
      name: 'architecture.html',
      format: 'html',
      size: 512,
      contentType: 'text/html; charset=utf-8',
      url: '/docs/r1/arch/@6dcb09b5b57875f334f61aebed695e2e4193db5e/architecture.html?download=1',
    },
  ],
  zipUrl: '/docs/r1/arch/@6dcb09b5b57875f334f61aebed695e2e4193db5e/_download.zip',
  siteUrl: '/docs/r1/arch/',
  versionUrl: '/docs/r1/arch/@6dcb09b5b57875f334f61aebed695e2e4193db5e/',
  regenerated: [],
  reused: ['architecture'],
  delivery: {
    branch: 'docent/arch-docs-6dcb09b',
    path: 'docs',
    pushed: true,
    direct: false,
    branchUrl: null,
    pullRequest: { url: 'https://github.com/octo/shop/pull/9', number: 9, vendor: 'GITHUB' },
    deliveryNote: null,
  },
};

function setup(state: unknown = { analysedCommit: null, sets: [], lastOptions: { arch: null, api: null } }) {
  localStorage.clear();
  const bodies: unknown[] = [];
  const api = fakeApi({
    '/v1/git/generate/docs/state': { body: state },
    '/v1/docs/session': { body: {} },
    '/v1/git/generate/arch/doc/status': { body: { jobId: 5, state: 'RUNNING', percentage: 30, messages: [], lastLine: 0, result: null } },
    '/v1/git/generate/arch/doc': (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return { body: { lroJobId: 5, message: 'Documentation generation started' } };
    },
  });
  renderRoutes([{ path: '/', element: <DocSetTab kind="arch" repoRef={ref} /> }], '/');
  return { api, bodies };
}

const box = (id: string): HTMLInputElement => {
  const el = screen.getByTestId(id);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

afterEach(() => vi.unstubAllGlobals());

describe('Architecture / API docs options', () => {
  it('starts with the spec defaults and sends no commitOutput when commit is off', async () => {
    const { bodies } = setup();
    for (const id of ['opt-host', 'opt-pdf', 'opt-md', 'opt-html']) expect(box(id).checked).toBe(true);
    for (const id of ['opt-rst', 'opt-xml', 'opt-rtf', 'opt-commit']) expect(box(id).checked).toBe(false);
    fireEvent.click(screen.getByTestId('generate-arch'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      git_repo: { repo_name: 'shop', organization_name: 'octo' },
      vendor: 'GITHUB',
      arch_doc_config: {
        hostDocumentation: true,
        generatePdf: true,
        generateMd: true,
        generateHtml: true,
        generateRst: false,
        generateXml: false,
        generateRtf: false,
      },
    });
    expect(await screen.findByRole('button', { name: 'Generating...' })).toBeTruthy();
  });

  it('unchecking HTML forces commit on and host off; the rules show their texts and block Generate', async () => {
    const { bodies } = setup();
    fireEvent.click(box('opt-html'));
    expect(box('opt-commit').checked).toBe(true);
    expect(box('opt-host').checked).toBe(false);
    expect((screen.getByTestId('opt-branch') as HTMLInputElement).value).toBe('main');
    expect((screen.getByTestId('opt-path') as HTMLInputElement).value).toBe('docs');
    const generate = screen.getByTestId('generate-arch');
    expect(generate.hasAttribute('disabled')).toBe(false);

    fireEvent.change(screen.getByTestId('opt-path'), { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe('Please specify a directory path');
    expect(generate.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('opt-path'), { target: { value: 'site/docs' } });

    fireEvent.click(box('opt-commit'));
    expect(screen.getByRole('alert').textContent).toBe('Repository commit is required when HTML is not selected');
    fireEvent.click(box('opt-commit'));
    fireEvent.click(box('opt-host'));
    expect(screen.getByRole('alert').textContent).toBe('Hosting requires HTML to be selected');
    fireEvent.click(box('opt-host'));
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(generate);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { arch_doc_config: unknown }).arch_doc_config).toMatchObject({
      generateHtml: false,
      hostDocumentation: false,
      commitOutput: { commitToGit: true, branch: 'main', path: 'site/docs' },
    });
  });

  it("starts from the options this kind was last generated with (not the other kind's), until the user changes them", async () => {
    const last = {
      hostDocumentation: false,
      generatePdf: false,
      generateMd: true,
      generateHtml: true,
      generateRst: true,
      generateXml: false,
      generateRtf: false,
      commitOutput: { commitToGit: true, branch: 'published', path: 'site' },
    };
    const { bodies } = setup({ analysedCommit: null, sets: [], lastOptions: { arch: last, api: null } });
    await waitFor(() => expect(box('opt-rst').checked).toBe(true));
    for (const id of ['opt-md', 'opt-html', 'opt-commit']) expect(box(id).checked).toBe(true);
    for (const id of ['opt-host', 'opt-pdf', 'opt-xml', 'opt-rtf']) expect(box(id).checked).toBe(false);
    expect((screen.getByTestId('opt-branch') as HTMLInputElement).value).toBe('published');
    expect((screen.getByTestId('opt-path') as HTMLInputElement).value).toBe('site');
    fireEvent.click(box('opt-rst'));
    fireEvent.click(screen.getByTestId('generate-arch'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { arch_doc_config: unknown }).arch_doc_config).toEqual({ ...last, generateRst: false });
  });

  it('says the rules in German', async () => {
    await i18n.changeLanguage('de');
    try {
      setup();
      fireEvent.click(box('opt-html'));
      fireEvent.click(box('opt-commit'));
      expect(screen.getByRole('alert').textContent).toBe('Ein Commit ins Repository ist erforderlich, wenn HTML nicht ausgewählt ist');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the newest set: stale against the analysed commit, the site, every download, the pull request', async () => {
    setup({
      analysedCommit: 'aaaaaaa1111',
      sets: [{ kind: 'arch', commit: result.commit, generatedAt: '2026-11-23T10:00:00Z', fresh: false, siteUrl: result.siteUrl, result }],
      lastOptions: { arch: null, api: null },
    });
    expect(await screen.findByText('Stale')).toBeTruthy();
    expect(screen.getByText('Built from 6dcb09b; the latest analysed commit is aaaaaaa')).toBeTruthy();
    expect(screen.getByTestId('docset-site').getAttribute('href')).toBe('/docs/r1/arch/');
    expect(screen.queryByTestId('docset-openapi-viewer')).toBeNull(); // no openapi.json in an architecture set
    expect(screen.getByTestId('docset-download-architecture.pdf').getAttribute('href')).toBe(result.files[0]!.url);
    expect(screen.getByTestId('docset-download-zip').getAttribute('href')).toBe(result.zipUrl);
    expect(screen.getByRole('link', { name: 'Open pull request #9' }).getAttribute('href')).toBe('https://github.com/octo/shop/pull/9');
    expect(screen.getByTestId('docset-pages').textContent).toBe('Pages regenerated: 0, reused unchanged: 1');
  });

  it("an API set with openapi.json links its hosted OpenAPI viewer beside the site's overview", () => {
    const spec = { name: 'openapi.json', format: 'json', size: 100, contentType: 'application/json', url: '/docs/r1/api/@x/openapi.json' };
    render(<DocSetResultView result={{ ...result, kind: 'api', siteUrl: '/docs/r1/api/', files: [...result.files, spec] }} />);
    expect(screen.getByTestId('docset-site').getAttribute('href')).toBe('/docs/r1/api/');
    const viewer = screen.getByTestId('docset-openapi-viewer');
    expect(viewer.getAttribute('href')).toBe('/docs/r1/api/openapi.html');
    expect(viewer.textContent).toBe('Open the OpenAPI viewer');
  });
});
