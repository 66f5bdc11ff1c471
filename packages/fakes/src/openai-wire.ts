import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeAiMessage } from './openai-types.ts';

/**
 * One copy of the wire details for the chat, image and model routes, so a client sees the same
 * error bodies and key check whichever endpoint it calls, as with the real API.
 */

// Error bodies follow what OpenAI and OpenRouter actually send, because the SDK builds its
// error classes and messages from them and the product may surface those messages.
export const ERROR_BODIES = {
  401: {
    error: {
      message: 'Incorrect API key provided',
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    },
  },
  402: {
    error: {
      message: 'Insufficient credits. Add more using https://openrouter.ai/settings/credits',
      code: 402,
    },
  },
  429: {
    error: {
      message: 'Rate limit reached for requests. Please try again later.',
      type: 'requests',
      param: null,
      code: 'rate_limit_exceeded',
    },
  },
  500: {
    error: {
      message: 'The server had an error while processing your request. Sorry about that!',
      type: 'server_error',
      param: null,
      code: null,
    },
  },
  502: {
    error: { message: 'Bad gateway.', type: 'server_error', param: null, code: null },
  },
  503: {
    error: {
      message: 'The engine is currently overloaded, please try again later.',
      type: 'server_error',
      param: null,
      code: null,
    },
  },
} as const;

/** The error body for a status, with 500's for any status the real API has no body for. */
export const errorBodyFor = (status: number) =>
  ERROR_BODIES[status as keyof typeof ERROR_BODIES] ?? ERROR_BODIES[500];

export type ParsedChat =
  | {
      ok: true;
      model: string;
      messages: FakeAiMessage[];
      stream: boolean;
      includeUsage: boolean;
      responseFormat: unknown;
    }
  | { ok: false; message: string; param: string | null };

/** Parsed fields of a chat completion request, or an error message for a 400. */
export function parseChatBody(raw: string): ParsedChat {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return {
      ok: false,
      message:
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
      param: null,
    };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, message: 'The request body must be a JSON object.', param: null };
  const b = body as Record<string, unknown>;
  if (typeof b.model !== 'string' || !b.model)
    return { ok: false, message: 'you must provide a model parameter', param: 'model' };
  if (
    !Array.isArray(b.messages) ||
    b.messages.length === 0 ||
    !b.messages.every((m) => m && typeof m === 'object' && typeof m.role === 'string')
  )
    return {
      ok: false,
      message: "Invalid 'messages': expected a non-empty array of messages with a role.",
      param: 'messages',
    };
  const streamOptions = b.stream_options as { include_usage?: unknown } | undefined;
  return {
    ok: true,
    model: b.model,
    messages: b.messages as FakeAiMessage[],
    stream: b.stream === true,
    includeUsage: streamOptions?.include_usage === true,
    responseFormat: b.response_format ?? null,
  };
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function bearerKey(req: IncomingMessage): string {
  return /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? '';
}

/**
 * The key check of every authenticated route: answers 401 itself when the key is missing or
 * rejected, and returns whether the request may go on.
 */
export function keyCheck(rejectKey: (key: string) => boolean) {
  return function authorize(res: ServerResponse, key: string): boolean {
    if (!key) {
      sendJson(res, 401, {
        error: {
          message:
            "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      });
      return false;
    }
    if (rejectKey(key)) {
      sendJson(res, 401, ERROR_BODIES[401]);
      return false;
    }
    return true;
  };
}
