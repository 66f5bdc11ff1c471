import { describe, expect, it, vi } from 'vitest';
import { createSseParser } from '../src/lib/sse';
import type { SseMessage } from '../src/lib/sse';

function parse(chunks: string[]) {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser({
    onMessage: (m) => messages.push(m),
    onComment: (c) => comments.push(c),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { messages, comments, retries };
}

const CHANGE = 'event: change\ndata: {"kind":"page","id":"p1","status":"completed"}\n\n';

describe('SSE parser', () => {
  it('parses a named event with JSON data', () => {
    expect(parse([CHANGE]).messages).toEqual([
      { event: 'change', data: '{"kind":"page","id":"p1","status":"completed"}', id: '' },
    ]);
  });

  it('gives the same events however the stream is split', () => {
    const stream = `: ping\n\n${CHANGE}id: 7\ndata: a\ndata: b\n\nevent: change\r\ndata: x\r\n\r\n`;
    const whole = parse([stream]);
    expect(whole.messages).toHaveLength(3);
    for (let i = 0; i <= stream.length; i++) {
      expect(parse([stream.slice(0, i), stream.slice(i)])).toEqual(whole);
    }
    expect(parse([...stream])).toEqual(whole);
  });

  it('treats CRLF split across chunks as one line end', () => {
    const { messages } = parse(['data: one\r', '\n\r', '\ndata: two\r\n\r\n']);
    expect(messages.map((m) => m.data)).toEqual(['one', 'two']);
  });

  it('accepts CR-only line ends', () => {
    expect(parse(['event: change\rdata: x\r\r']).messages).toEqual([
      { event: 'change', data: 'x', id: '' },
    ]);
  });

  it('joins several data lines with newlines and defaults the type to "message"', () => {
    expect(parse(['data: a\ndata:b\ndata:  c\n\n']).messages).toEqual([
      { event: 'message', data: 'a\nb\n c', id: '' },
    ]);
  });

  it('reports comments without dispatching events', () => {
    const { messages, comments } = parse([': ping\n\n:ping\n\n']);
    expect(messages).toEqual([]);
    expect(comments).toEqual(['ping', 'ping']);
  });

  it('does not dispatch an event without data, and resets its type', () => {
    const { messages } = parse(['event: change\n\ndata: x\n\n']);
    expect(messages).toEqual([{ event: 'message', data: 'x', id: '' }]);
  });

  it('keeps an empty data field as an empty event', () => {
    expect(parse(['event: change\ndata\n\n']).messages).toEqual([
      { event: 'change', data: '', id: '' },
    ]);
  });

  it('tracks the last event id and reads valid retry fields', () => {
    const { messages, retries } = parse([
      'id: 1\ndata: a\n\nretry: 3000\nretry: soon\ndata: b\n\n',
    ]);
    expect(messages.map((m) => m.id)).toEqual(['1', '1']);
    expect(retries).toEqual([3000]);
  });

  it('ignores unknown fields and a leading byte order mark', () => {
    expect(parse(['\uFEFFfoo: bar\ndata: x\n\n']).messages).toEqual([
      { event: 'message', data: 'x', id: '' },
    ]);
  });

  it('drops an event the stream ended before completing', () => {
    const onMessage = vi.fn();
    const parser = createSseParser({ onMessage });
    parser.push('event: change\ndata: x\n');
    parser.end();
    expect(onMessage).not.toHaveBeenCalled();
  });
});
