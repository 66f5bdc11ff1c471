import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import type { Cipher } from '../../lib/crypto.ts';
import { route } from '../../lib/module.ts';
import type { AiClient, UsageRepo } from '../ai/index.ts';
import type { ServerKeys } from '../models/index.ts';
import type { LocationsRepo } from '../locations/index.ts';
import type { ServiceCityRepo } from '../pages/index.ts';
import { sendScoreJob } from '../locations/index.ts';
import type { Access, ProjectsRepo } from '../projects/index.ts';
import { createEditorRepo } from './editor.repo.ts';
import { editorRoutes } from './editor.routes.ts';
import { createEditorService } from './editor.service.ts';
import { createTargets } from './editor-target.ts';
import { createProposalService } from './proposal.service.ts';
import { proposalRoutes } from './proposal.routes.ts';
import { createRegenerateService } from './regenerate.service.ts';

/** The editor's two services share one repo and one way of finding the page a call is about. */
export function createEditorModule(deps: {
  db: Db;
  boss: PgBoss;
  projectsRepo: ProjectsRepo;
  locationsRepo: LocationsRepo;
  serviceCityRepo: ServiceCityRepo;
  usageRepo: UsageRepo;
  ai: AiClient;
  cipher: Cipher;
  serverKeys: ServerKeys;
  access: Access;
}) {
  const repo = createEditorRepo(deps.db);
  const targets = createTargets({ ...deps, repo });
  const rescore = (projectId: string) => sendScoreJob(deps.boss, projectId);
  const editorService = createEditorService({ ...deps, repo, targets, rescore });
  const regenerateService = createRegenerateService({ ...deps, repo, targets });
  const proposalService = createProposalService({ ...deps, repo, targets, rescore });
  return {
    editorService,
    regenerateService,
    proposalService,
    routes: [
      route(editorRoutes, { editorService, regenerateService }),
      route(proposalRoutes, { proposalService }),
    ],
  };
}
