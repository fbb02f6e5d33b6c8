import { describe, expect, it } from 'vitest';
import { docWords, identifierWords, isTrivialDoc, stem } from './trivial-doc.ts';

describe('isTrivialDoc: docs that only restate the name', () => {
  it.each([
    ['Get user.', 'get_user', []],
    ['reset resets.', 'Parser.reset', []],
    ['NewEncoder news encoder.', 'NewEncoder', ['w']],
    ['requestHeader requests header.', 'requestHeader', []],
    ['Returns the name.', 'User.getName', []],
    ['Super len.', 'super_len', ['o']],
    ['Gets the user name.\n\n@param userName the user name\n@return the user name', 'Account.getUserName', ['userName']],
    ['Sets the timeout.\n@param timeout the timeout', 'Client.setTimeout', ['timeout']],
    ['Constructs a new Matrix.', 'Matrix.Matrix', []],
    ['Initialize self.', 'Widget.__init__', []],
    ['Return repr(self).', 'Point.__repr__', []],
    ['Len returns the length.', 'Buffer.Len', []],
    ['Close closes the connection.', 'Conn.Close', []],
    ['Returns whether this list is empty.', 'List.isEmpty', []],
    ['Returns the return type of the method', 'FrameworkMethod.getReturnType', []],
    ['Proxy bypass.\n\nArgs:\n    host: The host.\n\nReturns:\n    The result.', 'proxy_bypass', ['host']],
    ['Send.\n\n:param invoice: the invoice\n:returns: the result', 'send', ['invoice']],
    ['Parse the {@code input}.\n<p>\n@param input the input', 'Reader.parse', ['input']],
    ['Gets the value.\n@author Jane Doe\n@since 1.2', 'Cell.getValue', []],
    ['', 'f', []],
  ] as const)('%j on %s is trivial', (doc, name, params) => {
    expect(isTrivialDoc(doc, name, params)).toBe(true);
  });
});

describe('isTrivialDoc: docs that tell the reader something', () => {
  it.each([
    ['Close the socket; idempotent.', 'Socket.close', []],
    ['Get user by e-mail address, or None when there is none.', 'get_user', ['email']],
    ['Returns the name, never null.', 'User.getName', []],
    ['Sets the timeout.\n@param timeout the timeout in seconds', 'Client.setTimeout', ['timeout']],
    ['Reset the parser.\n\nRaises:\n    ValueError: If the parser is closed.', 'Parser.reset', []],
    ['@throws IOException', 'Reader.read', []],
    ['{@inheritDoc}', 'Reader.read', []],
    ['Deprecated.', 'old_call', []],
    ['Gibt den Namen zurück.', 'getName', []],
    ['Get user.\n\n>>> get_user(1)', 'get_user', ['id']],
    ['Get user.\n\n```\nget_user()\n```', 'get_user', []],
    ['Get the user.\n@param {string} id', 'getUser', ['id']],
    ['String implements fmt.Stringer.', 'Version.String', []],
    ['Get the user from the cache, falling back to the database.', 'get_user', []],
    // "return" after an article is a noun: which type it is, the name does not say
    ['Returns the return type of the method', 'FrameworkMethod.getType', []],
  ] as const)('%j on %s is not trivial', (doc, name, params) => {
    expect(isTrivialDoc(doc, name, params)).toBe(false);
  });

  it('never calls a long doc trivial', () => {
    const doc = Array.from({ length: 41 }, () => 'user').join(' ');
    expect(isTrivialDoc(doc, 'user', [])).toBe(false);
    expect(isTrivialDoc(Array.from({ length: 40 }, () => 'user').join(' '), 'user', [])).toBe(true);
  });
});

describe('the parts of the rule', () => {
  it('splits identifiers at snake, camel and Pascal joints', () => {
    expect(identifierWords('get_user')).toEqual(['get', 'user']);
    expect(identifierWords('NewEncoder')).toEqual(['new', 'encoder']);
    expect(identifierWords('parseHTTPResponse')).toEqual(['parse', 'http', 'response']);
    expect(identifierWords('__init__')).toEqual(['init']);
    expect(identifierWords('Handle0')).toEqual(['handle', '0']);
    expect(identifierWords('utf8Decode')).toEqual(['utf', '8', 'decode']);
  });

  it('stems inflections alike', () => {
    expect(stem('resets')).toBe(stem('reset'));
    expect(stem('news')).toBe(stem('new'));
    expect(stem('encoder')).toBe(stem('encode'));
    expect(stem('closes')).toBe(stem('close'));
    expect(stem('returned')).toBe(stem('return'));
    expect(stem('entries')).toBe(stem('entry'));
    expect(stem('class')).toBe('class');
  });

  it('drops markup and keeps what it wraps', () => {
    expect(docWords('Parse the {@code input}.\n@param input the input\n@return the tree')).toEqual([
      'parse',
      'the',
      'input',
      'input',
      'the',
      'input',
      'the',
      'tree',
    ]);
    expect(docWords('<summary>Gets the <see cref="Item"/>.</summary>')).toEqual(['gets', 'the', 'item']);
    expect(docWords('Args:\n    host: The host.\n----------')).toEqual(['host', 'the', 'host']);
    expect(docWords('Uses :class:`Session`.')).toEqual(['uses', 'session']);
  });

  it('with a limit, gives only the first limit + 1 words (a doc longer than the limit is never trivial)', () => {
    expect(docWords('One two three\nfour five\nsix', 2)).toEqual(['one', 'two', 'three']);
    expect(docWords('One two\nthree', 3)).toEqual(['one', 'two', 'three']);
    const long = Array.from({ length: 60 }, (_, i) => `word${'x'.repeat(i % 3)} line`).join('\n');
    expect(docWords(long, 40)).toEqual(docWords(long).slice(0, 41));
  });

  it('reads a doc line by line the same with and without markup that spans lines (Session 27, h85)', () => {
    // A tag over two lines goes whole; entities and roles go line by line in either case.
    expect(docWords('See <a\nhref="x">the page</a> &amp; :func:`run`.\nDone &#39;')).toEqual(['see', 'the', 'page', 'run', 'done']);
    expect(docWords('See &amp; :func:`run`.\nDone &#39;')).toEqual(['see', 'run', 'done']);
    expect(docWords('Line one\n\nLine two\n')).toEqual(['line', 'one', 'line', 'two']);
    expect(docWords('')).toEqual([]);
    expect(docWords('One\ntwo {@code three\nfour} five', 2)).toEqual(['one', 'two', 'three']);
  });
});
