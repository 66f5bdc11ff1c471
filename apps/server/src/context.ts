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
import {
  createPagesRepo,
  createServiceCityRepo,
  type PagesRepo,
  type ServiceCityRepo,
} from './modules/pages/index.ts';
import { createProjectsModule } from './modules/projects/index.ts';
import { createNotificationsModule } from './modules/notifications/index.ts';
import { createNotify } from './jobs/notify.ts';
import { createReviewModule } from './modules/review/index.ts';
import { createPublishingModule } from './modules/publishing/index.ts';
import { createSiteModule } from './modules/site/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import { createTeamModule, createWorkspacesModule } from './modules/workspaces/index.ts';

type ContextOptions = { config: Config; handle: DbHandle; boss: PgBoss; logger: Logger };

/**
 * The composition root: builds each module from the ones below it (docs/architecture.md), in
 * three steps: the infrastructure every module shares, the modules bottom-up, and the context
 * the app, the workers and the CLI read.
 */
export function createContext(opts: ContextOptions) {
  const infra = openInfrastructure(opts);
  const modules = createModules(infra);
  return {
    config: opts.config,
    errorReporter: createErrorReporter(opts.config.SENTRY_DSN),
    handle: opts.handle,
    db: infra.base.db,
    boss: opts.boss,
    logger: opts.logger,
    cipher: infra.base.cipher,
    jwt: infra.jwt,
    changeFeed: modules.generation.changeFeed,
    store: infra.store,
    modules,
    // By name, for tests, bench and the CLI (a narrow view; the app goes through modules).
    repos: {
      usersRepo: modules.users.repo,
      authRepo: modules.auth.repo,
      billingRepo: modules.billing.repo,
      projectsRepo: modules.projects.repo,
      publishingRepo: modules.publishing.repo,
    },
    services: {
      usersService: modules.users.service,
      authService: modules.auth.service,
      imagesService: modules.images.service,
      publishService: modules.publishing.service,
    },
  };
}
export type AppContext = ReturnType<typeof createContext>;

/** The app's secret and what it seals and signs with, the server's AI keys, the file store. */
function openInfrastructure({ config, handle, boss, logger }: ContextOptions) {
  const secret = resolveAppSecret(config.APP_SECRET, config.dataDir);
  const cipher = createCipher(secret);
  const serverKeys = { openrouter: config.OPENROUTER_API_KEY, openai: config.OPENAI_API_KEY };
  const storeSettings = storeSettingsOf(config);
  return {
    secret,
    jwt: createJwt(secret),
    storeSettings,
    store: openStore(storeSettings),
    // What every module may take from; each one's deps type says which part it uses.
    base: { handle, db: handle.db, boss, config, logger, cipher, serverKeys },
  };
}
type Infrastructure = ReturnType<typeof openInfrastructure>;
type Base = Infrastructure['base'];

/** The modules a lower one calls up to: built after it, reached once they exist. */
type Upper = {
  ai: ReturnType<typeof createAiModule>;
  generation: ReturnType<typeof createGenerationModule>;
  images: ReturnType<typeof createImagesModule>;
  publishing: ReturnType<typeof createPublishingModule>;
  domains: ReturnType<typeof createDomainsModule>;
};

/**
 * A lower module that must call up (projects creating pages, moving a domain; locations
 * queueing cities) gets a function that reaches the upper module through `up`, which answers
 * once the module is built; a call before that is a wiring mistake, and says which.
 */
function upperModules() {
  const built: Partial<Upper> = {};
  return {
    get<K extends keyof Upper>(name: K): Upper[K] {
      const found = built[name];
      if (!found) throw new Error(`The ${name} module is called before it is built`);
      return found;
    },
    set: (modules: Upper) => Object.assign(built, modules),
  };
}
type Up = ReturnType<typeof upperModules>['get'];

/** Every module, bottom-up; the pages module's repos are handed to the modules that write pages. */
function createModules(infra: Infrastructure) {
  const upper = upperModules();
  const { db } = infra.base;
  const pages = { pagesRepo: createPagesRepo(db), serviceCityRepo: createServiceCityRepo(db) };
  const accounts = createAccountModules(infra, upper.get);
  const content = createContentModules(infra.base, accounts, pages, upper.get);
  const writing = createWritingModules(infra.base, { ...pages, ...content }, accounts);
  const delivery = createDeliveryModules(infra, { ...pages, ...accounts, ...content, ...writing });
  upper.set({ ...writing, ...delivery });
  return { ...accounts, ...content, ...writing, ...delivery };
}
type PagesRepos = { pagesRepo: PagesRepo; serviceCityRepo: ServiceCityRepo };

/** Mail, people and their sign-in, workspaces and teams, plans, and the superuser's tools. */
function createAccountModules({ base, secret, jwt }: Infrastructure, up: Up) {
  const mail = createMailModule(base);
  const users = createUsersModule({
    ...base,
    spendingCapChanged: (...args) => up('ai').capResume.accountCapChanged(...args),
  });
  const auth = createAuthModule({ ...base, secret, jwt, mailQueue: mail.queue, users });
  const workspaces = createWorkspacesModule({ ...base, users });
  const team = createTeamModule({
    ...base,
    mailQueue: mail.queue,
    brandOf: (...args) => notifications.service.brandOf(...args),
  });
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
    revokeGoogleOf: (user) => users.google.revokeForDeletion(user),
    dropWithFiles: (...args) => up('images').service.dropWithFiles(...args),
  });
  return { mail, users, auth, workspaces, team, notifications, billing, admin };
}
type Accounts = ReturnType<typeof createAccountModules>;

/** A person's role in a workspace, as the workspaces module reads it; null: not a member. */
const roleInOf =
  ({ workspaces }: Accounts) =>
  async (workspaceId: string, userId: string) =>
    (await workspaces.repo.withRole(workspaceId, userId))?.role ?? null;

/** Projects and their pages, the places they are written for, and rendering a site of them. */
function createContentModules(
  base: Base,
  accounts: Accounts,
  { serviceCityRepo }: PagesRepos,
  up: Up,
) {
  const { users, billing } = accounts;
  const projects = createProjectsModule({
    ...base,
    settle: (...args) => up('generation').settle(...args),
    checkProjectLimit: billing.limits.checkProject,
    createWithPages: (...args) => up('generation').service.createProject(...args),
    syncDomain: (...args) => up('domains').sync(...args),
    spendingCapChanged: (...args) => up('ai').capResume.projectCapChanged(...args),
    dropWithFiles: (...args) => up('images').service.dropWithFiles(...args),
    servicePagesChanged: async (user, project, setting) => {
      const generation = up('generation');
      const owner = await generation.service.ownerOf(user, project);
      await generation.serviceCities.sync(user, owner, project, setting);
    },
    servicePagesPreview: (...args) => up('generation').serviceCities.preview(...args),
    accountOf: (id) => users.repo.findById(id),
    roleIn: roleInOf(accounts),
  });
  const locations = createLocationsModule({
    ...base,
    projects,
    generation: {
      ownerOf: (...args) => up('generation').service.ownerOf(...args),
      enqueueCities: (...args) => up('generation').service.enqueueCities(...args),
      servicePagesIn: (...args) => up('generation').serviceCities.syncIn(...args),
      sendServicePages: (...args) => up('generation').serviceCities.send(...args),
    },
    checkCityPageLimit: billing.limits.checkCityPages,
    settle: (...args) => up('generation').settle(...args),
    cityPagesRoom: (actor, ownerId) => billing.limits.cityPagesRoom(actor, ownerId, base.db),
    cityPageUrl: (...args) => up('publishing').cityPageUrl(...args),
    google: users.google,
  });
  const site = createSiteModule({ projects, locationsRepo: locations.repo, serviceCityRepo });
  return { projects, locations, site };
}
type Content = ReturnType<typeof createContentModules>;

/** The models' client, usage and caps; the page writers and their jobs. */
function createWritingModules(
  base: Base,
  content: Content & PagesRepos,
  { mail, billing }: Accounts,
) {
  const { projects, locations, pagesRepo, serviceCityRepo } = content;
  // `generation` is built just below; the caps reach it only when they resume pages.
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
    locationsRepo: locations.repo,
    factsRepo: locations.factsRepo,
    checkPageLimit: billing.limits.checkCityPages,
  });
  return { ai, generation };
}

/** Reviews, images, publishing, client domains and the editor: what a written site goes on to. */
function createDeliveryModules(
  { base, store, storeSettings }: Infrastructure,
  below: PagesRepos & Accounts & Content & ReturnType<typeof createWritingModules>,
) {
  const { users, projects, locations, ai, generation, serviceCityRepo } = below;
  const { access } = projects;
  const review = createReviewModule({
    db: base.db,
    access,
    notify: createNotify(base.boss),
    roleIn: roleInOf(below),
  });
  const images = createImagesModule({
    ...base,
    store,
    access,
    recordUsage: ai.usageRepo.recordUsage,
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
  const editor = createEditorModule({
    ...base,
    projectsRepo: projects.repo,
    access,
    locationsRepo: locations.repo,
    serviceCityRepo,
    usageRepo: ai.usageRepo,
    ai: ai.ai,
  });
  return { review, images, publishing, domains, editor };
}
