import { describe, expect, it } from 'vitest';
import {
  cleanFileName,
  containsForbiddenText,
  FORBIDDEN_CHARACTER_MESSAGE,
  forbiddenTextIssues,
  hasForbiddenCharacters,
} from './text-rule';

describe('text rule', () => {
  it('refuses NUL, other C0 controls and lone surrogates; keeps tab, line breaks and emoji', () => {
    for (const text of ['a\u0000b', '\u0007', '\u001B[0m', 'half \uD83D', '\uDE42 half']) {
      expect(hasForbiddenCharacters(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['plain', 'a\tb\r\nc\n', '🙂 ok', 'ünïcödé', '']) {
      expect(hasForbiddenCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('finds every offending value and key, with its path', () => {
    const body = JSON.parse(
      '{"name":"x\\u0000y","items":[{"note":"ok"},{"note":"\\u0001"}],"k\\u0000":1,"constructor":"\\u0000"}',
    );
    expect(forbiddenTextIssues(body, 'body')).toEqual([
      { path: 'body.name', message: FORBIDDEN_CHARACTER_MESSAGE },
      { path: 'body.items.1.note', message: FORBIDDEN_CHARACTER_MESSAGE },
      { path: 'body.k\u0000', message: FORBIDDEN_CHARACTER_MESSAGE },
      { path: 'body.constructor', message: FORBIDDEN_CHARACTER_MESSAGE },
    ]);
    expect(forbiddenTextIssues({ fine: ['a', 1, null, { b: 'c' }] })).toEqual([]);
  });

  it('tells whether anything breaks the rule exactly when there are issues to list', () => {
    const values: unknown[] = [
      JSON.parse('{"name":"x\\u0000y"}'),
      JSON.parse('{"items":[{"note":"ok"},{"note":"\\u0001"}]}'),
      JSON.parse('{"k\\u0000":1}'),
      JSON.parse('{"constructor":"\\u0000"}'),
      Object.assign(Object.create(null) as object, { q: 'half \uD83D' }),
      ['fine', ['\u0007']],
      '\u0000',
      { fine: ['a', 1, null, { b: 'c' }] },
      Object.assign(Object.create(null) as object, { q: 'plain' }),
      {},
      [],
      undefined,
      null,
      42,
      Buffer.from('\u0000'),
    ];
    for (const value of values) {
      expect(containsForbiddenText(value), String(JSON.stringify(value))).toBe(
        forbiddenTextIssues(value).length > 0,
      );
    }
    expect(values.filter((value) => containsForbiddenText(value))).toHaveLength(7);
  });

  it('cleans file names: no folders, controls or bidirectional characters', () => {
    expect(cleanFileName('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(cleanFileName('\u2066a\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D.pdf')).toBe('a.pdf');
    expect(cleanFileName('..\\..\\x.png')).toBe('x.png');
    expect(cleanFileName('dir/\u0000\u0007')).toBe('file');
    expect(cleanFileName(undefined)).toBe('file');
    expect(cleanFileName('a'.repeat(500))).toHaveLength(200);
  });
});
