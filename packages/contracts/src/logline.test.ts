import { describe, expect, it } from 'vitest';
import { decodeLogLine, encodeLogLine } from './logline.ts';

describe('log line codec', () => {
  it('round-trips a line whose text contains the separator', () => {
    const line = { kind: 'COMMAND' as const, timestamp: '2026-11-21T10:00:00.000Z', text: 'git clone a::b' };
    expect(decodeLogLine(encodeLogLine(line))).toEqual(line);
  });
  it('keeps a line a single record when the text has newlines', () => {
    const raw = encodeLogLine({ kind: 'ERROR', timestamp: 't', text: 'one\ntwo' });
    expect(raw.split('\n')).toHaveLength(1);
    expect(decodeLogLine(raw).text).toBe('one ⏎ two');
  });
  it('reads an unknown kind or a bare string as INFO text', () => {
    expect(decodeLogLine('hello')).toEqual({ kind: 'INFO', timestamp: '', text: 'hello' });
    expect(decodeLogLine('NOPE::t::x')).toEqual({ kind: 'INFO', timestamp: '', text: 'NOPE::t::x' });
  });
});
