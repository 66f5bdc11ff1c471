import type { PgBoss } from 'pg-boss';
import type { Config } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import { createCipher } from './lib/crypto.ts';
import { createErrorReporter } from './lib/error-reporting.ts';
import type { Logger } from './lib/logger.ts';
import { resolveAppSecret } from './lib/secret.ts';
import { openStore, storeSettingsOf } from './lib/storage/open-store.ts';
import { createAdminModule } from './modules/admin/index.ts';
import { createAiModule } from './modules/ai/index.ts';
import { createAuthModule, createJwt } from './modules/auth/index.ts';
import { createBillingModule } from './modules/billing/index.ts';
import { createDomainsModule } from './modules/domains/index.ts';
import { createEditorModule } from './modules/editor/index.ts';
import { createGenerationModule } from './modules/generation/index.ts';
import { createImagesModule } from './modules/images/index.ts';
import { createLocationsModule } from './modules/locations/index.ts';
import { createMailModule } from './modules/mail/index.ts';
import { createPagesRepo, createServiceCityRepo } from './modules/pages/index.ts';
import { createProjectsModule } from './modules/projects/index.ts';
import { createNotificationsModule } from './modules/notifications/index.ts';
import { createNotify } from './jobs/notify.ts';
import { createReviewModule } from './modules/review/index.ts';
import { createPublishingModule } from './modules/publishing/index.ts';
import { createSiteModule } from './modules/site/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import { createTeamModule, createWorkspacesModule } from './modules/workspaces/index.ts';

/**
 * The composition root: builds each module from the ones below it (docs/architecture.md).
 * A lower module that must call up (projects creating pages, moving a domain; locations
 * queueing cities) gets a function that reaches the upper module once it exists.
 */
export function createContext(opts: {
  config: Config;
  handle: DbHandle;
  boss: PgBoss;
  logger: Logger;
}) {
  const { config, handle, boss, logger } = opts;
  const db = handle.db;
  const secret = resolveAppSecret(config.APP_SECRET, config.dataDir);
  const cipher = createCipher(secret);
  const jwt = createJwt(secret);
  const serverKeys = { openrouter: config.OPENROUTER_API_KEY, openai: config.OPENAI_API_KEY };
  const storeSettings = storeSettingsOf(config);
  const store = openStore(storeSettings);

  // What every module may take from; each one's deps type says which part it uses.
  const base = { handle, db, boss, config, logger, cipher, serverKeys };

  const mail = createMailModule(base);
  const users = createUsersModule({
    ...base,
    spendingCapChanged: (...args) => ai.capResume.accountCapChanged(...args),
  });
  const auth = createAuthModule({ ...base, secret, jwt, mailQueue: mail.queue, users });
  const workspaces = createWorkspacesModule({ ...base, users });
  const team = createTeamModule({ ...base, mailQueue: mail.queue });
  const notifications = createNotificationsModule({
    ...base,
    mailQueue: mail.queue,
    workspaces: workspaces.service,
  });
  const billing = createBillingModule({ ...base, usersRepo: users.repo });
  const admin = createAdminModule({
    ...base,
    usersRepo: users.repo,
    workspacesRepo: workspaces.repo,
    billing,
    dropWithFiles: (...args) => images.service.dropWithFiles(...args),
  });
  const pagesRepo = createPagesRepo(db);
  const serviceCityRepo = createServiceCityRepo(db);
  const projects = createProjectsModule({
    ...base,
    settle: (...args) => generation.settle(...args),
    checkProjectLimit: billing.limits.checkProject,
    createWithPages: (...args) => generation.service.createProject(...args),
    syncDomain: (...args) => domains.sync(...args),
    spendingCapChanged: (...args) => ai.capResume.projectCapChanged(...args),
    dropWithFiles: (...args) => images.service.dropWithFiles(...args),
    servicePagesChanged: async (user, project, setting) => {
      const owner = await generation.service.ownerOf(user, project);
      await generation.serviceCities.sync(user, owner, project, setting);
    },
    servicePagesPreview: (...args) => generation.serviceCities.preview(...args),
    accountOf: (id) => users.repo.findById(id),
  });
  const locations = createLocationsModule({
    ...base,
    projects,
    generation: {
      ownerOf: (...args) => generation.service.ownerOf(...args),
      enqueueCities: (...args) => generation.service.enqueueCities(...args),
      servicePagesIn: (...args) => generation.serviceCities.syncIn(...args),
      sendServicePages: (...args) => generation.serviceCities.send(...args),
    },
    checkCityPageLimit: billing.limits.checkCityPages,
    settle: (...args) => generation.settle(...args),
    cityPagesRoom: (actor, ownerId) => billing.limits.cityPagesRoom(actor, ownerId, db),
    cityPageUrl: (...args) => publishing.cityPageUrl(...args),
    google: users.google,
  });
  const site = createSiteModule({ projects, locationsRepo: locations.repo, serviceCityRepo });
  const locationsRepo = locations.repo;
  const ai = createAiModule({
    ...base,
    projects,
    pagesRepo,
    mailQueue: mail.queue,
    estimatePage: (...args) => generation.estimator.estimatePage(...args),
    sendPages: (...args) => generation.resumed.sendPages(...args),
    announceInProgress: (...args) => generation.resumed.announceInProgress(...args),
  });
  const generation = createGenerationModule({
    ...base,
    ai,
    projects,
    pagesRepo,
    serviceCityRepo,
    locationsRepo,
    factsRepo: locations.factsRepo,
    checkPageLimit: billing.limits.checkCityPages,
  });
  const { usageRepo } = ai;
  const { access } = projects;
  const review = createReviewModule({ db, access, notify: createNotify(boss) });
  const images = createImagesModule({
    ...base,
    store,
    access,
    recordUsage: usageRepo.recordUsage,
    photosRepo: locations.photosRepo,
    sendWaitingPages: (...args) => generation.service.sendWaitingCities(...args),
  });
  const publishing = createPublishingModule({
    ...base,
    projects,
    images: images.files,
    storeSettings,
    netlifyTokenOf: (owner) => users.service.secretsOf(owner).netlifyToken,
  });
  const domains = createDomainsModule({ ...base, projects, netlify: publishing.netlify });
  const projectsRepo = projects.repo;
  const editor = createEditorModule({
    ...base,
    projectsRepo,
    access,
    locationsRepo,
    serviceCityRepo,
    usageRepo,
    ai: ai.ai,
  });

  const modules = {
    mail,
    users,
    auth,
    workspaces,
    billing,
    admin,
    projects,
    locations,
    site,
    ai,
    generation,
  };
  return {
    config,
    errorReporter: createErrorReporter(config.SENTRY_DSN),
    handle,
    db,
    boss,
    logger,
    cipher,
    jwt,
    changeFeed: generation.changeFeed,
    store,
    modules: { ...modules, team, images, publishing, domains, editor, notifications, review },
    // By name, for tests, bench and the CLI (a narrow view; the app goes through modules).
    repos: {
      usersRepo: users.repo,
      authRepo: auth.repo,
      billingRepo: billing.repo,
      projectsRepo: projects.repo,
      publishingRepo: publishing.repo,
    },
    services: {
      usersService: users.service,
      authService: auth.service,
      imagesService: images.service,
      publishService: publishing.service,
    },
  };
}
export type AppContext = ReturnType<typeof createContext>;
