import { describe, expect, it } from 'vitest';
import { downloadEntries } from './docSetDownloads.ts';

const file = (name: string, format: string, size: number, part = false) => ({
  name,
  format,
  size,
  contentType: 'x',
  url: `/d/${name}?download=1`,
  part,
});

describe('doc set downloads', () => {
  it('one zip per page format, the books and extras alone, diagrams and page PDFs hidden', () => {
    const entries = downloadEntries({
      zipUrl: '/d/_download.zip',
      files: [
        file('architecture.md', 'md', 100),
        file('architecture-context.md', 'md', 50, true),
        file('architecture-context.svg', 'svg', 900, true),
        file('architecture-context.pdf', 'pdf', 4000, true),
        file('architecture.pdf', 'pdf', 9000),
        file('architecture.xml', 'xml', 700),
        file('architecture-search.js', 'js', 300),
        file('openapi.json', 'json', 80),
      ],
    });
    expect(entries).toEqual([
      { kind: 'format', format: 'md', url: '/d/_download.zip?format=md', size: 150, count: 2 },
      { kind: 'file', name: 'architecture.pdf', url: '/d/architecture.pdf?download=1', size: 9000 },
      { kind: 'file', name: 'architecture.xml', url: '/d/architecture.xml?download=1', size: 700 },
      { kind: 'file', name: 'openapi.json', url: '/d/openapi.json?download=1', size: 80 },
    ]);
  });

  it('a set without pages (or from before parts were marked) lists its files', () => {
    const entries = downloadEntries({
      zipUrl: '/z',
      files: [file('api.md', 'md', 10), { ...file('api.html', 'html', 20), part: undefined }],
    });
    expect(entries.map((e) => (e.kind === 'file' ? e.name : e.format))).toEqual(['api.md', 'api.html']);
  });
});
