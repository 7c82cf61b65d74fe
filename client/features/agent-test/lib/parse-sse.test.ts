import { describe, expect, it } from 'vitest';
import { createSseParser } from './parse-sse';

describe('createSseParser', () => {
  it('returns complete events and keeps a partial one for the next chunk', () => {
    const parse = createSseParser();
    expect(parse('event: delta\ndata: {"text":"Ol')).toEqual([]);
    expect(parse('á"}\n\nevent: delta\ndata: {"text":" mundo"}\n\nevent: do')).toEqual([
      { event: 'delta', data: '{"text":"Olá"}' },
      { event: 'delta', data: '{"text":" mundo"}' },
    ]);
    expect(parse('ne\ndata: {}\n\n')).toEqual([{ event: 'done', data: '{}' }]);
  });

  it('joins multi-line data, accepts CRLF and skips comments and empty events', () => {
    const parse = createSseParser();
    expect(parse(': keep-alive\n\ndata: a\r\ndata: b\r\n\r\nevent: ping\n\n')).toEqual([
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('splits a boundary that arrives across two chunks', () => {
    const parse = createSseParser();
    expect(parse('event: error\ndata: {"message":"x"}\n')).toEqual([]);
    expect(parse('\n')).toEqual([{ event: 'error', data: '{"message":"x"}' }]);
  });
});
