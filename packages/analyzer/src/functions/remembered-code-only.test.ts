import { describe, expect, it } from 'vitest';
import { rememberedCodeOnly } from './contract.ts';

describe('rememberedCodeOnly (Session 27, h85: keyed by the text, the language beside the answer)', () => {
  it('strips a text once per language, and again only once it has been pushed out', () => {
    const calls: string[] = [];
    const strip = (text: string, language: string): string => {
      calls.push(`${language}:${text}`);
      return `${language}/${text.toUpperCase()}`;
    };
    const of = rememberedCodeOnly(2, strip);
    expect(of('a = 1', 'Python')).toBe('Python/A = 1');
    expect(of('a = 1', 'Python')).toBe('Python/A = 1');
    expect(calls).toEqual(['Python:a = 1']);
    // The same text in another language is another answer.
    expect(of('a = 1', 'Ruby')).toBe('Ruby/A = 1');
    expect(of('a = 1', 'Ruby')).toBe('Ruby/A = 1');
    expect(calls).toHaveLength(2);
    expect(of('b', 'Python')).toBe('Python/B');
    expect(of('c', 'Python')).toBe('Python/C');
    // Two kept: 'a = 1' (the oldest) is gone, 'b' and 'c' are not.
    expect(of('b', 'Python')).toBe('Python/B');
    expect(of('c', 'Python')).toBe('Python/C');
    expect(calls).toHaveLength(4);
    expect(of('a = 1', 'Ruby')).toBe('Ruby/A = 1');
    expect(calls).toHaveLength(5);
  });
});
