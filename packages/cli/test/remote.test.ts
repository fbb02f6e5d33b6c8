import { describe, expect, it } from 'vitest';
import { formatLogLine, readEvents, renderRepos } from '../src/remote.ts';

const streamOf = (chunks: string[]): ReadableStream<Uint8Array> =>
  new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
      controller.close();
    },
  });

describe('remote CLI helpers', () => {
  it('reads server-sent events split anywhere, with ids, comments, CRLF and multi-line data', async () => {
    const text =
      'retry: 1000\n\nid: 1\nevent: line\ndata: INFO::2026-01-01T00:00:00.000Z::hello\n\n: ping\n\r\nid: 2\r\nevent: line\r\ndata: a\r\ndata: b\r\n\r\nevent: end\ndata: {"state":"COMPLETE"}\n\n';
    for (const size of [1, 3, 7, text.length]) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      const events: Array<[string, string, string | null]> = [];
      await readEvents(streamOf(chunks), (e, d, id) => events.push([e, d, id]));
      expect(events).toEqual([
        ['line', 'INFO::2026-01-01T00:00:00.000Z::hello', '1'],
        ['line', 'a\nb', '2'],
        ['end', '{"state":"COMPLETE"}', '2'],
      ]);
    }
  });

  it('prints log lines as the terminal words them (timestamps with colons kept out)', () => {
    expect(formatLogLine('INFO::2026-01-01T10:11:12.000Z::Cloning a::b')).toBe('Cloning a::b');
    expect(formatLogLine('COMMAND::2026-01-01T10:11:12.000Z::git clone x')).toBe('COMMAND: git clone x');
    expect(formatLogLine('plain text')).toBe('plain text');
  });

  it('renders the repository table', () => {
    expect(renderRepos([])).toContain('No repositories yet.');
    expect(
      renderRepos([
        { name: 'acme/web', provider: 'GITHUB', lastAnalysis: '2026-01-02T03:04:05.678Z', documentedPercent: 87.25 },
        { name: 'a/b', provider: 'GIT', lastAnalysis: null, documentedPercent: null },
      ]).split('\n'),
    ).toEqual([
      'NAME      PROVIDER  LAST ANALYSIS         DOCUMENTED',
      'acme/web  GITHUB    2026-01-02 03:04:05Z  87.3%',
      'a/b       GIT       never                 –',
      '',
    ]);
  });
});
