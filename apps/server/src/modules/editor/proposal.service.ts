import { MSG, type TPickAnswer, type TPickProposal, type TProposal } from '@cityforge/shared';
import { normalMarkup } from '@cityforge/shared/html';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { printsOf, adoptProposal } from '../pages/index.ts';
import type { Access } from '../projects/index.ts';
import type { EditorRepo } from './editor.repo.ts';
import { assertWritten, type TargetIds, type Targets } from './editor-target.ts';
import { compareSections } from './proposal-diff.ts';

type Deps = {
  db: Db;
  repo: EditorRepo;
  targets: Targets;
  access: Access;
  /** Scores the project's city pages again: a city page changed. */
  rescore: (projectId: string) => Promise<void>;
};

/**
 * A regenerated page waiting beside a hand-edited one: the two compared section by
 * section, and the owner's pick. Whichever they pick, the other stays among the versions.
 */
export function createProposalService(deps: Deps) {
  const { repo, targets } = deps;

  return {
    async proposal(user: UserRow, id: string, ids: TargetIds): Promise<TProposal> {
      const project = await deps.access(user, id, 'read');
      const target = await targets.byIds(project, ids);
      // While the regenerated page is written, the page keeps (and answers) its content.
      if (target.contentHtml === null) assertWritten(target);
      const current = { contentHtml: target.contentHtml ?? '', metaTags: target.metaTags };
      const row = await repo.proposal(target.owner);
      return {
        status: target.status,
        current,
        proposed: row && {
          id: row.id,
          name: row.name,
          createdAt: row.createdAt.toISOString(),
          contentHtml: row.contentHtml,
          metaTags: row.metaTags,
        },
        sections: row ? compareSections(current.contentHtml, row.contentHtml) : [],
        metaChanged: row ? normalMarkup(current.metaTags) !== normalMarkup(row.metaTags) : false,
      };
    },

    async pick(
      user: UserRow,
      id: string,
      ids: TargetIds,
      versionId: string,
      { use }: TPickProposal,
    ): Promise<TPickAnswer> {
      const project = await deps.access(user, id, 'edit');
      const target = await targets.byIds(project, ids);
      const at = { projectId: project.id, owner: target.owner };
      const page = await deps.db.transaction(async (tx) => {
        const stored = await repo.lock(target.owner, tx);
        if (!stored) throw notFound('Page not found.');
        const version = isUuid(versionId)
          ? await repo.find(project.id, versionId, target.owner, tx)
          : null;
        if (!version?.proposed) throw notFound(MSG.proposalNotFound);
        // Being regenerated again: the job would overwrite whichever page is picked now.
        assertWritten(stored);
        const current = { contentHtml: stored.contentHtml ?? '', metaTags: stored.metaTags };
        if (use === 'current') {
          await repo.settleProposals(target.owner, tx);
          return current;
        }
        const chosen = { contentHtml: version.contentHtml, metaTags: version.metaTags };
        await adoptProposal(repo, tx, at, current, version.id);
        // As generated: its sections are the model's until the owner edits them.
        if (!(await repo.write(target.owner, { ...chosen, sectionPrints: printsOf(chosen) }, tx)))
          throw new AppError('conflict', MSG.pageNotWritten);
        return chosen;
      });
      if (use === 'proposed' && 'cityId' in target.owner) await deps.rescore(project.id);
      return { message: use === 'proposed' ? MSG.proposalUsed : MSG.proposalSetAside, page };
    },
  };
}
export type ProposalService = ReturnType<typeof createProposalService>;
