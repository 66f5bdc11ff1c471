import type { z } from 'zod';
import { MSG, type TRegenerateResult, type ZRegenerate } from '@cityforge/shared';
import type { Db } from '../../db/client.ts';
import type { ProjectRow, UserRow } from '../../db/schema/index.ts';
import type { Cipher } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { ProviderError, type AiClient, type RemoteProvider } from '../ai/index.ts';
import type { UsageRepo } from '../ai/index.ts';
import { resolveApiKey, type ServerKeys, findModel, type ModelSpec } from '../models/index.ts';
import type { Access, ProjectsRepo } from '../projects/index.ts';
import type { EditorRepo } from './editor.repo.ts';
import { assertWritten, type EditorTarget, type Targets } from './editor-target.ts';
import { readRegeneratedHtml } from './regenerate-answer.ts';
import { regenerateMessages } from './regenerate-prompt.ts';
import { keepVersion } from '../pages/index.ts';

type Deps = {
  db: Db;
  repo: EditorRepo;
  projectsRepo: ProjectsRepo;
  usageRepo: UsageRepo;
  targets: Targets;
  access: Access;
  ai: AiClient;
  cipher: Cipher;
  serverKeys: ServerKeys;
};
export type Regenerate = z.output<typeof ZRegenerate>;

const failed = (code: 'bad_request' | 'bad_gateway', reason: string) =>
  new AppError(code, `${MSG.regenerateFailed}: ${reason}`);

/** The chosen model, or why it cannot follow a prompt. */
function modelFor(body: Regenerate, target: EditorTarget, project: ProjectRow): ModelSpec {
  const id = body.model ?? (target.model || project.model);
  const model = findModel(id);
  if (!model)
    throw badRequest(MSG.unknownModel, {
      model: [body.model ? MSG.unknownModel : `The model ${id} is no longer offered.`],
    });
  if (model.provider === 'offline') throw badRequest(MSG.offlineCannotRegenerate);
  return model;
}

/**
 * Rewrites one selected fragment of a page with the user's instruction. The page itself is
 * not changed: the editor puts the answer into its canvas and the user saves from there.
 */
export function createRegenerateService(deps: Deps) {
  /** The project owner pays for their own pages, whoever (a superuser) is editing them. */
  async function payer(user: UserRow, project: ProjectRow): Promise<UserRow> {
    if (project.userId === user.id) return user;
    return (await deps.projectsRepo.withOwner(project.id))?.owner ?? user;
  }

  return {
    async regenerate(user: UserRow, id: string, body: Regenerate): Promise<TRegenerateResult> {
      const project = await deps.access(user, id, 'edit');
      const target = await deps.targets.byIds(project, body);
      assertWritten(target);
      const model = modelFor(body, target, project);
      const owner = await payer(user, project);
      const { key, missing } = resolveApiKey(owner, model, deps.serverKeys, deps.cipher);
      if (missing || !key) throw badRequest(missing ?? MSG.apiKeysRequired);

      const messages = regenerateMessages(
        {
          businessName: project.name,
          serviceType: project.serviceType,
          pageName: target.name,
          pageKind: target.kind,
        },
        body.html,
        body.prompt,
      );
      let text: string;
      try {
        const answer = await deps.ai.complete({
          provider: model.provider as RemoteProvider,
          apiKey: key,
          model: model.id,
          messages,
          stream: false,
        });
        text = answer.text;
        // Recorded before the answer is checked: a refused answer was still paid for.
        await deps.usageRepo.recordUsage({
          userId: owner.id,
          projectId: project.id,
          ...('cityId' in target.owner ? { cityId: target.id } : { pageId: target.id }),
          model: model.id,
          callType: 'regenerate',
          // The edited HTML comes back inside a JSON object; no schema is asked for it.
          outputMode: 'json_object',
          promptTokens: answer.usage.promptTokens,
          completionTokens: answer.usage.completionTokens,
          totalTokens: answer.usage.totalTokens,
        });
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        throw failed(error.status === 401 ? 'bad_request' : 'bad_gateway', error.message);
      }

      const checked = readRegeneratedHtml(text);
      if (!checked.ok) throw failed('bad_gateway', checked.problem);
      if (body.save_history)
        await deps.db.transaction(async (tx) => {
          const stored = await deps.repo.lock(target.owner, tx);
          if (stored?.contentHtml == null) return;
          await keepVersion(
            deps.repo,
            tx,
            { projectId: project.id, owner: target.owner },
            { contentHtml: stored.contentHtml, metaTags: stored.metaTags },
            'before-regeneration',
          );
        });
      return { success: true, html: checked.html };
    },
  };
}
export type RegenerateService = ReturnType<typeof createRegenerateService>;
