import type { z } from 'zod';
import { MSG, type TEditorView, type TVersionHtml, type ZSavePage } from '@cityforge/shared';
import type { Db } from '../../db/client.ts';
import type { PageRow, ProjectRow, UserRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Access, ProjectsRepo } from '../projects/index.ts';
import { footerPages, pageDocument, themeCss, themeFor } from '../site/index.ts';
import type { EditorRepo } from './editor.repo.ts';
import {
  assertWritten,
  type EditorTarget,
  type TargetIds,
  type Targets,
  type ViewQuery,
} from './editor-target.ts';
import { keepVersion } from '../pages/index.ts';

type Deps = {
  db: Db;
  repo: EditorRepo;
  projectsRepo: ProjectsRepo;
  targets: Targets;
  access: Access;
  /** Scores the project's city pages again (similarity, local substance): a city was edited. */
  rescore: (projectId: string) => Promise<void>;
};
export type SavePage = z.output<typeof ZSavePage>;

/**
 * The whole page as the site shows it (theme, header, breadcrumbs, footer) for the editor's
 * canvas. Editor mode leaves out every script and the tracking codes: the canvas must not run
 * them, and the editor edits the tracking codes in a panel of their own.
 */
function editorDocument(project: ProjectRow, pages: PageRow[], target: EditorTarget) {
  return pageDocument(
    {
      project,
      footer: footerPages(pages),
      css: { inline: themeCss(themeFor(project)) },
      mode: 'editor',
    },
    target.ref,
    {
      contentHtml: target.contentHtml ?? '',
      metaTags: target.metaTags,
      breadcrumbs: target.breadcrumbs,
      areaServed: target.areaServed,
    },
  );
}

const versionOut = (v: { id: string; name: string; createdAt: Date }) => ({
  id: v.id,
  name: v.name,
  created_at: v.createdAt.toISOString(),
});

/** The visual editor's page: what it shows, how an edit is saved, and the page's versions. */
export function createEditorService(deps: Deps) {
  const { repo, targets } = deps;

  return {
    async view(user: UserRow, id: string, query: ViewQuery): Promise<TEditorView> {
      const project = await deps.access(user, id, 'read');
      const pages = await deps.projectsRepo.pagesOf(project.id);
      const target = await targets.byQuery(project, query, pages);
      assertWritten(target);
      const versions = await repo.versions(target.owner);
      return {
        page: {
          id: target.id,
          complete_html: editorDocument(project, pages, target),
          content_html: target.contentHtml ?? '',
          meta_tags: target.metaTags,
        },
        project: {
          trackingCodeHead: project.trackingCodeHead,
          trackingCodeBody: project.trackingCodeBody,
        },
        is_service_page: target.kind === 'service',
        kind: target.kind,
        name: target.name,
        versions: versions.filter((v) => !v.proposed).map(versionOut),
        // At most one proposal waits (versions.ts proposeVersion); the pick settles it.
        proposal: versions.filter((v) => v.proposed).map(versionOut)[0] ?? null,
      };
    },

    /**
     * Stores the edited content as given (the canvas is the owner's own page). The first save
     * keeps what it replaces as "Original"; each save is a version unless nothing changed.
     */
    async save(user: UserRow, id: string, which: TargetIds, body: SavePage) {
      const project = await deps.access(user, id, 'edit');
      const target = await targets.byIds(project, which);
      assertWritten(target);
      const edited = { contentHtml: body.content_html, metaTags: body.meta_tags };
      const at = { projectId: project.id, owner: target.owner };
      await deps.db.transaction(async (tx) => {
        const stored = await repo.lock(target.owner, tx);
        if (!stored) throw notFound('Page not found.');
        assertWritten(stored);
        const before = { contentHtml: stored.contentHtml ?? '', metaTags: stored.metaTags };
        await keepVersion(repo, tx, at, before, 'before-editing');
        await keepVersion(repo, tx, at, edited, 'saved');
        if (!(await repo.write(target.owner, edited, tx)))
          throw new AppError('conflict', MSG.pageNotWritten);
        // Tracking codes are project-wide; service pages hide them, so theirs are not edits.
        const head = body.tracking_code_head;
        const bodyCode = body.tracking_code_body;
        if (target.kind !== 'service' && (head !== undefined || bodyCode !== undefined))
          await deps.projectsRepo.update(
            project.id,
            {
              ...(head !== undefined ? { trackingCodeHead: head } : {}),
              ...(bodyCode !== undefined ? { trackingCodeBody: bodyCode } : {}),
            },
            tx,
          );
      });
      // The quality gate judges the page as it now reads.
      if (target.kind === 'city' || target.kind === 'service-city') await deps.rescore(project.id);
      return { success: true, message: MSG.pageSaved };
    },

    async versionHtml(
      user: UserRow,
      id: string,
      which: TargetIds & { version_id: string },
    ): Promise<TVersionHtml> {
      const project = await deps.access(user, id, 'read');
      const target = await targets.byIds(project, which).catch((error: unknown) => {
        // A page or city that is not there cannot have the version either.
        if (error instanceof AppError && error.code === 'not_found')
          throw notFound(MSG.versionNotFound);
        throw error;
      });
      const version = await repo.find(project.id, which.version_id, target.owner);
      if (!version) throw notFound(MSG.versionNotFound);
      return {
        success: true,
        html: version.contentHtml,
        meta_tags: version.metaTags,
        message: MSG.versionLoaded,
      };
    },
  };
}
export type EditorService = ReturnType<typeof createEditorService>;
