/** One dispatched server-sent event. `event` is "message" when the server named none. */
export interface SseMessage {
  event: string;
  data: string;
  /** The last event id seen on the stream so far ('' when none). */
  id: string;
}

export interface SseHandlers {
  onMessage(message: SseMessage): void;
  /** Comment lines (": ping"): no event, but proof the connection is alive. */
  onComment?(text: string): void;
  /** A valid `retry:` field, in milliseconds. */
  onRetry?(ms: number): void;
}

export interface SseParser {
  /** Feeds decoded text; chunks may be split anywhere, even between a CR and its LF. */
  push(chunk: string): void;
  /** The stream ended: an event without its closing blank line is dropped, as browsers do. */
  end(): void;
}

/**
 * An incremental parser for the `text/event-stream` format (the WHATWG "event stream
 * interpretation"). It is pure: bytes are decoded by the caller, events come out through the
 * handlers, so the same code runs against fetch streams and in unit tests.
 */
export function createSseParser(handlers: SseHandlers): SseParser {
  let buffer = '';
  let started = false;
  // A chunk ended with CR: if the next one starts with LF, that LF belongs to the same line end.
  let skipLeadingLf = false;
  let eventType = '';
  let data = '';
  let hasData = false;
  let lastId = '';

  function dispatch(): void {
    if (hasData) {
      handlers.onMessage({ event: eventType || 'message', data, id: lastId });
    }
    eventType = '';
    data = '';
    hasData = false;
  }

  function field(name: string, value: string): void {
    switch (name) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data = hasData ? `${data}\n${value}` : value;
        hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) handlers.onRetry?.(Number(value));
        break;
      default:
        // Unknown fields are ignored by the format's rules.
        break;
    }
  }

  function line(text: string): void {
    if (text === '') return dispatch();
    if (text.startsWith(':')) {
      handlers.onComment?.(text.slice(1).replace(/^ /, ''));
      return;
    }
    const colon = text.indexOf(':');
    if (colon === -1) return field(text, '');
    const value = text.slice(colon + 1);
    field(text.slice(0, colon), value.startsWith(' ') ? value.slice(1) : value);
  }

  return {
    push(chunk) {
      let text = chunk;
      if (!started && text.length > 0) {
        started = true;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      if (skipLeadingLf && text.length > 0) {
        if (text.startsWith('\n')) text = text.slice(1);
        skipLeadingLf = false;
      }
      buffer += text;
      let pos = 0;
      while (pos < buffer.length) {
        const lf = buffer.indexOf('\n', pos);
        const cr = buffer.indexOf('\r', pos);
        const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
        if (end === -1) break;
        const current = buffer.slice(pos, end);
        if (buffer[end] === '\r') {
          if (end + 1 < buffer.length) pos = buffer[end + 1] === '\n' ? end + 2 : end + 1;
          else {
            pos = end + 1;
            skipLeadingLf = true;
          }
        } else pos = end + 1;
        line(current);
      }
      buffer = buffer.slice(pos);
    },
    end() {
      buffer = '';
      eventType = '';
      data = '';
      hasData = false;
    },
  };
}
