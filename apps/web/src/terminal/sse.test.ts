import { describe, expect, it } from 'vitest';
import { SseParser } from './sse.ts';

describe('SseParser', () => {
  it('parses named events with ids, in one chunk', () => {
    const p = new SseParser();
    const events = p.feed('retry: 1000\n\nid: 1\nevent: line\ndata: INFO::t::hello\n\nid: 2\nevent: line\ndata: ERROR::t::boom\n\n');
    expect(events).toEqual([
      { event: 'line', data: 'INFO::t::hello', id: '1' },
      { event: 'line', data: 'ERROR::t::boom', id: '2' },
    ]);
    expect(p.retryMs).toBe(1000);
    expect(p.lastEventId).toBe('2');
  });

  it('joins events split across chunks anywhere, including between \\r and \\n', () => {
    const p = new SseParser();
    const text = 'event: status\r\ndata: {"a":1}\r\n\r\nevent: end\r\ndata: {"b":2}\r\n\r\n';
    const out = [];
    for (const ch of text) out.push(...p.feed(ch));
    expect(out).toEqual([
      { event: 'status', data: '{"a":1}', id: null },
      { event: 'end', data: '{"b":2}', id: null },
    ]);
  });

  it('ignores comments, defaults the name to message, joins multi-line data, drops data-less events', () => {
    const p = new SseParser();
    expect(p.feed(': ping\n\ndata: x~~one\ndata: two\n\nevent: nothing\n\n')).toEqual([
      { event: 'message', data: 'x~~one\ntwo', id: null },
    ]);
  });

  it('keeps an incomplete event until its blank line arrives', () => {
    const p = new SseParser();
    expect(p.feed('data: half')).toEqual([]);
    expect(p.feed('\n')).toEqual([]);
    expect(p.feed('\n')).toEqual([{ event: 'message', data: 'half', id: null }]);
  });
});
