import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

/**
 * One scripted answer of POST /images/generations, consumed by exactly one request.
 * `bytes` replaces the image (e.g. something that is not an image at all).
 */
export type FakeImageOutcome =
  | 'ok'
  | { contentPolicy: true }
  | { status: 429 | 500; body?: unknown }
  | { bytes: Buffer }
  /**
   * Answer with a temporary URL instead of base64, as retired models and some gateways do:
   * on this server, under another host name of it (`host`), behind a redirect of this server
   * to that other host name (`redirectHost`), or a fixed address (`url` as a string).
   */
  | { url: true; host?: string; redirectHost?: string }
  | { url: string };

export type FakeImageRequest = {
  id: number;
  path: string;
  key: string;
  model: string;
  prompt: string;
  size: string;
  /** What the client sent, if anything: the real API refuses it for GPT image models. */
  responseFormat: unknown;
  status: number | null;
  /** The id of the answered image (its bytes are in `files` under this id). */
  fileId: string | null;
};

export type FakeImages = {
  requests: FakeImageRequest[];
  /** Every image answered, by id, as bytes: what the product should end up storing. */
  files: Map<string, Buffer>;
  /** Paths of every GET of a file or a redirect to one, in order. */
  downloads: string[];
  script(...outcomes: FakeImageOutcome[]): void;
  reset(): void;
};

type Json = (res: ServerResponse, status: number, body: unknown) => void;

const GPT_SIZES = ['1024x1024', '1536x1024', '1024x1536', 'auto'];
const SIZES: Record<string, string[]> = {
  'gpt-image-2.5-flare': GPT_SIZES,
  'gpt-image-2.5-sunburst': GPT_SIZES,
  'gpt-image-2': GPT_SIZES,
  'gpt-image-1.5': GPT_SIZES,
  'gpt-image-1-mini': GPT_SIZES,
};
/** Models OpenAI has shut down: the API refuses them by name. */
const RETIRED = new Set(['gpt-image-1', 'dall-e-3', 'dall-e-2']);

const CONTENT_POLICY = {
  error: {
    code: 'content_policy_violation',
    message: 'Your request was rejected as a result of our safety system.',
    type: 'invalid_request_error',
    param: null,
  },
};
const ERRORS = {
  429: { message: 'Rate limit reached for images per minute.', type: 'requests' },
  500: { message: 'The server had an error processing your request.', type: 'server_error' },
};

const invalid = (message: string, param: string | null) => ({
  error: { message, type: 'invalid_request_error', param, code: null },
});

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid RGB PNG of one colour: identical rows deflate to a few kilobytes at any size. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * OpenAI's image generation endpoint for the fake AI server: GPT image models answer base64 with
 * token usage; a scripted `{ url: true }` answers a URL on this same server instead (like the
 * temporary blob URL of the retired dall-e models); retired models are refused by name.
 */
export function createFakeImages(opts: {
  origin: () => string;
  sendJson: Json;
  /** The chat route's key check: answers 401 itself and returns false for a bad key. */
  authorize: (res: ServerResponse, key: string) => boolean;
}) {
  const requests: FakeImageRequest[] = [];
  const files = new Map<string, Buffer>();
  const downloads: string[] = [];
  let queue: FakeImageOutcome[] = [];
  let nextId = 1;

  async function generate(req: IncomingMessage, res: ServerResponse, path: string, key: string) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
      model?: unknown;
      prompt?: unknown;
      size?: unknown;
      response_format?: unknown;
    };
    const model = typeof body.model === 'string' ? body.model : 'dall-e-2';
    const size = typeof body.size === 'string' ? body.size : '1024x1024';
    const prompt = typeof body.prompt === 'string' ? body.prompt : '';
    const record: FakeImageRequest = {
      id: nextId++,
      path,
      key,
      model,
      prompt,
      size,
      responseFormat: body.response_format ?? null,
      status: null,
      fileId: null,
    };
    requests.push(record);
    const answer = (status: number, payload: unknown) => {
      record.status = status;
      opts.sendJson(res, status, payload);
    };

    if (!opts.authorize(res, key)) {
      record.status = 401;
      return;
    }
    if (!prompt) return answer(400, invalid("Missing required parameter: 'prompt'.", 'prompt'));
    if (RETIRED.has(model))
      return answer(404, {
        error: {
          message: `The model \`${model}\` has been shut down.`,
          type: 'invalid_request_error',
          param: 'model',
          code: 'model_not_found',
        },
      });
    const sizes = SIZES[model];
    if (!sizes) return answer(400, invalid(`Invalid model: ${model}.`, 'model'));
    if (body.response_format !== undefined)
      return answer(400, invalid("Unknown parameter: 'response_format'.", 'response_format'));
    if (!sizes.includes(size))
      return answer(400, invalid(`Invalid size '${size}': use ${sizes.join(', ')}.`, 'size'));

    const outcome = queue.shift() ?? 'ok';
    if (typeof outcome === 'object' && 'contentPolicy' in outcome)
      return answer(400, CONTENT_POLICY);
    if (typeof outcome === 'object' && 'status' in outcome) {
      const error = { ...ERRORS[outcome.status], param: null, code: null };
      return answer(outcome.status, outcome.body ?? { error });
    }

    const [w, h] = (size === 'auto' ? '1024x1024' : size).split('x').map(Number) as [
      number,
      number,
    ];
    // Each answer gets its own colour, so two images never share their bytes.
    const shade = (record.id * 47) % 200;
    const bytes =
      typeof outcome === 'object' && 'bytes' in outcome
        ? outcome.bytes
        : solidPng(w, h, [40 + shade, 120, 255 - shade]);
    const fileId = randomUUID();
    files.set(fileId, bytes);
    record.fileId = fileId;
    const created = Math.floor(Date.now() / 1000);
    if (typeof outcome === 'object' && 'url' in outcome) {
      const origin = new URL(opts.origin());
      if (outcome.url !== true) origin.href = outcome.url;
      else if (outcome.redirectHost) origin.searchParams.set('to', outcome.redirectHost);
      else if (outcome.host) origin.hostname = outcome.host;
      const url =
        outcome.url !== true
          ? outcome.url
          : `${origin.origin}/${outcome.redirectHost ? 'redirect' : 'files'}/${fileId}.png${origin.search}`;
      return answer(200, { created, data: [{ url, revised_prompt: `A picture: ${prompt}` }] });
    }
    const textTokens = Math.ceil(prompt.length / 4);
    const outputTokens = w === h ? 1056 : 1584;
    return answer(200, {
      created,
      data: [{ b64_json: bytes.toString('base64') }],
      usage: {
        input_tokens: textTokens,
        output_tokens: outputTokens,
        total_tokens: textTokens + outputTokens,
        input_tokens_details: { text_tokens: textTokens, image_tokens: 0 },
      },
    });
  }

  /**
   * GET /files/{id}.png: the bytes of a URL answer, without any key (a signed URL);
   * GET /redirect/{id}.png?to=host: a 302 to that file under another host name of this server.
   */
  function serveFile(res: ServerResponse, path: string, url?: URL): boolean {
    const moved = /^\/redirect\/([0-9a-f-]{36}\.png)$/.exec(path)?.[1];
    const to = url?.searchParams.get('to');
    if (moved && to && url) {
      downloads.push(path);
      const target = new URL(`/files/${moved}`, opts.origin());
      target.hostname = to;
      res.writeHead(302, { location: target.href }).end();
      return true;
    }
    const id = /^\/files\/([0-9a-f-]{36})\.png$/.exec(path)?.[1];
    const bytes = id ? files.get(id) : undefined;
    if (!bytes) return false;
    downloads.push(path);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(bytes.length) });
    res.end(bytes);
    return true;
  }

  const images: FakeImages = {
    requests,
    files,
    downloads,
    script: (...outcomes) => void queue.push(...outcomes),
    reset() {
      requests.length = 0;
      downloads.length = 0;
      files.clear();
      queue = [];
    },
  };
  return { images, generate, serveFile };
}
