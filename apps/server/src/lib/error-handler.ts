import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { MSG } from '@cityforge/shared';
import { AppError } from './errors.ts';
import { reportUnhandled } from './error-reporting.plugin.ts';

type Issue = { path?: PropertyKey[]; message: string; code?: string; keys?: string[] };

/** Zod issues → the `{field: [messages]}` map every 400 answer carries. */
export function issuesToFieldErrors(issues: Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) add(key, 'Unknown field');
      continue;
    }
    const field = (issue.path ?? []).map(String).join('.') || 'non_field_errors';
    add(field, issue.message);
  }
  return errors;
}

export function joinFieldErrors(errors: Record<string, string[]>): string {
  return Object.values(errors)
    .map((msgs) => msgs[0])
    .join(', ');
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length.',
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        ...error.extra,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.code === 'email_not_verified' ? { code: error.code } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = issuesToFieldErrors(
        error.validation.map((v) => ({
          path: (v.instancePath || '').split('/').filter(Boolean),
          message: v.message ?? 'Invalid value',
          code: v.keyword,
          keys: (v.params as { keys?: string[] } | undefined)?.keys,
        })),
      );
      return reply
        .status(400)
        .send({ message: joinFieldErrors(errors) || MSG.validationFailed, errors });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: MSG.tooManyRequests });
    }
    if (error.code && FASTIFY_MESSAGES[error.code]) {
      return reply.status(error.statusCode ?? 400).send({ message: FASTIFY_MESSAGES[error.code] });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      reportUnhandled(request, error);
      return reply.status(500).send({ message: 'Internal server error' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    reportUnhandled(request, error);
    return reply.status(500).send({ message: 'Internal server error' });
  });
}
