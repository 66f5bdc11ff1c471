import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locationsApi, MSG, UPLOAD_MAX_BYTES } from '@cityforge/shared';
import type { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { createUserSlots, USER_CAPS } from '../../lib/user-slots.ts';
import { currentUser } from '../../lib/request-user.ts';
import { DEFAULT_LIMITS, refuse } from './refusals.ts';
import { sampleFile } from './sample-file.ts';
import type { LocationsFile } from './spreadsheet.ts';
import type { UploadService } from './upload.service.ts';

const MAX_FILES = 10;

/** Reads every part of the form: the files into memory (they are small), the rest as text. */
async function readForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest(MSG.noFilesSelected);
  const files: LocationsFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: UPLOAD_MAX_BYTES, files: MAX_FILES, fields: 20, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // A browser's empty file input still sends a part with no name.
        if (part.filename || data.length)
          files.push({ filename: part.filename, mimetype: part.mimetype, data });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const refusal = refuse.size(DEFAULT_LIMITS);
      throw new AppError('payload_too_large', refusal.message, { file: [refusal.message] });
    }
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('payload_too_large', `Upload at most ${MAX_FILES} files at a time.`);
    throw error;
  }
  return { files, fields };
}

function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    (errors[key] ??= []).push(issue.message);
  }
  throw new AppError('validation', result.error.issues[0]?.message ?? MSG.validationFailed, errors);
}

export const uploadRoutes: FastifyPluginAsyncZod<{ uploadService: UploadService }> = async (
  app,
  { uploadService: svc },
) => {
  const tags = ['locations'];
  // Each upload holds its files in memory and a parse thread: a few per user at a time.
  const slots = createUserSlots(
    USER_CAPS.uploads,
    `At most ${USER_CAPS.uploads} uploads can run at once; wait for one to finish.`,
  );
  /** Runs an upload while the user holds one of their upload slots. */
  const inSlot = async <T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> => {
    const release = slots.take(currentUser(request).id);
    request.log.info('upload receiving files');
    try {
      return await run();
    } finally {
      release();
    }
  };
  // A file over the size limit fails the upload rather than arriving cut short.
  await app.register(multipart, { throwFileSizeLimit: true });
  app.addHook('onRequest', app.requireUser);
  const limited = {
    rateLimit: {
      max: 30,
      timeWindow: '1 minute',
      keyGenerator: (r: FastifyRequest) => r.user?.id ?? r.ip,
    },
  };

  // The form's parts are read by readForm, not by Fastify: its fields are checked with the
  // contract's `form` schema there, which is why the docs list no body for the uploads.
  const upload = locationsApi.upload;
  route(app, upload, { config: limited, schema: { tags } }, async (request, reply) => {
    const report = await inSlot(request, async () => {
      const { files, fields } = await readForm(request);
      const input = parseFields(upload.form, fields);
      return svc.upload(currentUser(request), request.params.id, files, input);
    });
    return reply.status(201).send(report);
  });

  const simple = locationsApi.simpleUpload;
  route(app, simple, { config: limited, schema: { tags } }, async (request, reply) => {
    const report = await inSlot(request, async () => {
      const { files, fields } = await readForm(request);
      const input = parseFields(simple.form, fields);
      return svc.simpleUpload(currentUser(request), files, input);
    });
    return reply.status(201).send(report);
  });

  route(app, locationsApi.sampleFile, { schema: { tags } }, async (request, reply) => {
    const file = sampleFile(request.query.file_type);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.data);
  });
};
