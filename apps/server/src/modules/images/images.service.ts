import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { MSG, type TProjectImage, type ZGenerateImage } from '@cityforge/shared';
import type { ProjectImageRow, UserRow } from '../../db/schema/index.ts';
import type { Cipher } from '../../lib/crypto.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { SITE_FOLDER_MAX_ENTRIES } from '../../lib/folder-limit.ts';
import type { NewUsage } from '../ai/index.ts';
import { keySource, type ServerKeys } from '../models/index.ts';
import type { Access } from '../projects/index.ts';
import { IMAGE_FILE_NAME, imageSrc } from '../../lib/image-names.ts';
import type { ImageFiles } from './image-files.ts';
import { sniffImage } from './image-format.ts';
import { imageFailed, type ImageProvider } from './image-provider.ts';
import type { ImagesRepo } from './images.repo.ts';

type Deps = {
  repo: ImagesRepo;
  files: ImageFiles;
  provider: ImageProvider;
  access: Access;
  cipher: Cipher;
  serverKeys: ServerKeys;
  recordUsage: (row: NewUsage) => Promise<void>;
};
type GenerateInput = z.output<typeof ZGenerateImage>;

export function toProjectImage(row: ProjectImageRow): TProjectImage {
  return {
    id: row.id,
    src: imageSrc(row.file),
    prompt: row.prompt,
    model: row.model,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
  };
}

/** AI images of a project: made with the user's OpenAI key, kept as files, served publicly. */
export function createImagesService(deps: Deps) {
  const { repo, files } = deps;

  /** Images are OpenAI's alone, so only the OpenAI key counts (a superuser may use the server's). */
  function openAiKeyOf(user: UserRow): string {
    const source = keySource(user, { provider: 'openai' }, deps.serverKeys);
    if (source.kind === 'user') return deps.cipher.decrypt(source.sealed, source.place);
    if (source.kind === 'server') return source.key;
    throw badRequest(MSG.openAiKeyMissingForImages);
  }

  return {
    /**
     * Removes files whose row is gone: deleting a project or a user drops the rows by cascade,
     * and the files go here. Files younger than `graceMs` are left alone, since a generation
     * writes its file just before its row.
     */
    async sweepOrphans(graceMs = 60 * 60 * 1000, now = Date.now()): Promise<number> {
      const old = (await files.list()).filter((f) => now - f.modifiedMs > graceMs);
      let removed = 0;
      for (let i = 0; i < old.length; i += 500) {
        const batch = old.slice(i, i + 500);
        const kept = await repo.existing(batch.map((f) => f.file.slice(0, 36)));
        for (const { file } of batch.filter((f) => !kept.has(f.file.slice(0, 36)))) {
          await files.remove(file);
          removed++;
        }
      }
      return removed;
    },

    /**
     * Deletes a project (or a user with their projects) and its files together: the files its
     * image rows name are read, `drop` deletes the rows (the images' go by cascade), then the
     * files leave the store at once, so nothing of a deleted project stays readable there. A
     * file the store fails to remove is left to the sweep, which finds it without a row.
     */
    async dropWithFiles(
      owner: { projectId: string } | { userId: string },
      drop: () => Promise<unknown>,
    ) {
      const stored = await repo.filesOf(owner);
      const dropped = await drop();
      // A few at a time: a project may hold thousands of photos, an object store takes each
      // removal as a request of its own.
      for (let at = 0; at < stored.length; at += 16)
        await Promise.all(
          stored.slice(at, at + 16).map((file) => files.remove(file).catch(() => {})),
        );
      return dropped;
    },

    async generate(user: UserRow, projectId: string, input: GenerateInput) {
      const project = await deps.access(user, projectId, 'edit');
      const apiKey = openAiKeyOf(user);
      // Every image is a file of the site's one /images/ folder, which Netlify keeps small.
      if ((await repo.countOf(project.id)) >= SITE_FOLDER_MAX_ENTRIES)
        throw badRequest(MSG.tooManyImages);
      const answer = await deps.provider.generate({ apiKey, ...input });
      // An answered call is billed whatever we make of it, so its usage is kept first.
      await deps.recordUsage({
        userId: user.id,
        projectId: project.id,
        model: input.model,
        callType: 'image',
        promptTokens: answer.usage?.inputTokens ?? 0,
        completionTokens: answer.usage?.outputTokens ?? 0,
        totalTokens: answer.usage?.totalTokens ?? 0,
      });
      const found = sniffImage(answer.bytes);
      if (!found)
        throw imageFailed('bad_gateway', 'OpenAI answered something that is not an image.');

      const id = randomUUID();
      const file = `${id}.${found.ext}`;
      await files.save(file, answer.bytes, found.mime);
      try {
        const row = await repo.insert({
          id,
          projectId: project.id,
          prompt: input.prompt,
          model: input.model,
          file,
          mime: found.mime,
          bytes: answer.bytes.length,
          width: found.width,
          height: found.height,
        });
        return toProjectImage(row);
      } catch (error) {
        // Most likely the project was deleted meanwhile: no row, so no file either.
        await files.remove(file);
        throw error;
      }
    },

    async list(user: UserRow, projectId: string) {
      const project = await deps.access(user, projectId, 'read');
      return { results: (await repo.listOf(project.id)).map(toProjectImage) };
    },

    /**
     * The bytes behind a public image URL. Only a name with a row behind it is read, so a
     * deleted project's images answer 404 even while their files are still on disk.
     */
    async open(file: string) {
      if (!IMAGE_FILE_NAME.test(file)) throw notFound();
      const row = await repo.findByFile(file.slice(0, 36), file);
      const opened = row && (await files.open(file));
      if (!row || !opened) throw notFound();
      return { ...opened, mime: row.mime };
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
