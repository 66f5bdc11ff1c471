import type { Db } from '../../db/client.ts';
import type { Cipher } from '../../lib/crypto.ts';
import type { AiClient } from '../generation/ai-client.ts';
import type { GenerationRepo } from '../generation/generation.repo.ts';
import type { ServerKeys } from '../generation/keys.ts';
import type { LocationsRepo } from '../locations/locations.repo.ts';
import type { Owned } from '../projects/ownership.ts';
import type { ProjectsRepo } from '../projects/projects.repo.ts';
import { createEditorRepo } from './editor.repo.ts';
import { createEditorService } from './editor.service.ts';
import { createTargets } from './editor-target.ts';
import { createRegenerateService } from './regenerate.service.ts';

/**
 * The editor's two services share one repo and one way of finding the page a call is about;
 * wiring them here keeps the composition root to a single line.
 */
export function createEditorServices(deps: {
  db: Db;
  projectsRepo: ProjectsRepo;
  locationsRepo: LocationsRepo;
  generationRepo: Pick<GenerationRepo, 'recordUsage'>;
  ai: AiClient;
  cipher: Cipher;
  serverKeys: ServerKeys;
  owned: Owned;
}) {
  const repo = createEditorRepo(deps.db);
  const targets = createTargets({ ...deps, repo });
  return {
    editorService: createEditorService({ ...deps, repo, targets }),
    regenerateService: createRegenerateService({ ...deps, repo, targets }),
  };
}
