import type { Db, Executor } from '../../db/client.ts';
import type { TPageContent, JobRef, PagesRepo, Target } from '../pages/index.ts';
import {
  editsOf,
  hasEdits,
  keepEdits,
  legacyPrints,
  NO_EDITS,
  printsOf,
  type SectionPrints,
  MAX_VERSIONS,
  proposeVersion,
  createVersionsRepo,
  type PageState,
  type VersionOwner,
} from '../pages/index.ts';
import type { EditsMode } from './page-jobs.ts';

/** Whose versions a page's are, by what it is. */
export function versionOwnerOf(target: Target, id: string): VersionOwner {
  if (target === 'city') return { cityId: id };
  if (target === 'service-city') return { serviceCityId: id };
  return { pageId: id };
}

/** What a job wrote for a page. */
export type Written = { content: TPageContent } & PageState;
/** The page as it stood when its job claimed it (no edit is saved while a page is written). */
export type Current = {
  contentHtml: string | null;
  metaTags: string;
  sectionPrints: SectionPrints | null;
};

type StoreArgs = {
  target: Target;
  id: string;
  projectId: string;
  jobId: string;
  current: Current;
  written: Written;
  edits: EditsMode;
  /** More rows written with the page, in its transaction (a homepage's service pages). */
  alongside?: (tx: Executor) => Promise<JobRef[]>;
};

/**
 * Stores a written page, minding the owner's hand edits: a page never edited gets
 * the new page; an edited one keeps its edited sections inside the new page, or, when the
 * owner asked to replace their edits, keeps its content whole while the new page waits beside
 * it as a proposal for them to pick. Either way the page is Completed: its job is done.
 */
export function createPageStore(deps: { db: Db; repo: PagesRepo }) {
  const { repo } = deps;
  const versions = createVersionsRepo(deps.db);

  async function write(args: StoreArgs, result: Written & { sectionPrints: SectionPrints }) {
    const { alongside } = args;
    if (!alongside) {
      await repo.complete(args.target, args.id, args.jobId, result);
      return [];
    }
    return deps.db.transaction(async (tx) =>
      (await repo.complete(args.target, args.id, args.jobId, result, tx)) ? alongside(tx) : [],
    );
  }

  async function editsOfPage(owner: VersionOwner, page: PageState, prints: SectionPrints | null) {
    if (prints) return editsOf(page, prints);
    // Written before prints existed: the editor's versions are the only evidence of edits.
    return editsOf(page, legacyPrints(page, await versions.history(owner, MAX_VERSIONS + 1)));
  }

  /** Answers the rows written alongside (none when the page was proposed). */
  return async function store(args: StoreArgs): Promise<JobRef[]> {
    const { written, current } = args;
    if (current.contentHtml === null)
      return write(args, { ...written, sectionPrints: printsOf(written) });

    const owner = versionOwnerOf(args.target, args.id);
    const page = { contentHtml: current.contentHtml, metaTags: current.metaTags };
    const edits =
      args.edits === 'always-propose'
        ? NO_EDITS
        : await editsOfPage(owner, page, current.sectionPrints);
    if (args.edits === 'always-propose' || (args.edits === 'propose' && hasEdits(edits))) {
      await deps.db.transaction(async (tx) => {
        if (!(await repo.completeUnchanged(args.target, args.id, args.jobId, tx))) return;
        const regenerated = { contentHtml: written.contentHtml, metaTags: written.metaTags };
        await proposeVersion(versions, tx, { projectId: args.projectId, owner }, page, regenerated);
      });
      // The page keeps its content, so what the new one would have brought waits with it.
      return [];
    }
    if (!hasEdits(edits)) return write(args, { ...written, sectionPrints: printsOf(written) });
    const kept = keepEdits(page, edits, written);
    return write(args, { content: written.content, ...kept.page, sectionPrints: kept.prints });
  };
}
export type PageStore = ReturnType<typeof createPageStore>;
