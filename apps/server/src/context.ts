import type { PgBoss } from 'pg-boss';
import type { Config } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import { createCipher } from './lib/crypto.ts';
import { createErrorReporter } from './lib/error-reporting.ts';
import type { Logger } from './lib/logger.ts';
import { resolveAppSecret } from './lib/secret.ts';
import { createAdminRepo } from './modules/admin/admin.repo.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createJwt } from './modules/auth/jwt.ts';
import { createSignInGuard } from './modules/auth/sign-in-guard.ts';
import { createBillingRepo } from './modules/billing/billing.repo.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createLimitsRepo } from './modules/billing/limits.repo.ts';
import { createLimitsService } from './modules/billing/limits.service.ts';
import { createStripeCheckout } from './modules/billing/stripe-checkout.ts';
import { createSubscriptionCanceller } from './modules/billing/stripe-cancel.ts';
import { createStripeClient } from './modules/billing/stripe-client.ts';
import { createPriceProvisioner } from './modules/billing/stripe-prices.ts';
import { createStripeWebhooks } from './modules/billing/stripe-webhooks.ts';
import { createMailQueue } from './modules/mail/mail.jobs.ts';
import { createAiClient } from './modules/generation/ai-client.ts';
import { createChangeFeed } from './modules/generation/change-feed.ts';
import { createGenerationRepo } from './modules/generation/generation.repo.ts';
import { createGenerationService } from './modules/generation/generation.service.ts';
import { projectOwnership } from './modules/projects/ownership.ts';
import { createLocationsRepo } from './modules/locations/locations.repo.ts';
import { createUploadService } from './modules/locations/upload.service.ts';
import { createProjectsRepo } from './modules/projects/projects.repo.ts';
import { createPreviewService } from './modules/site/preview.service.ts';
import { createProjectsService } from './modules/projects/projects.service.ts';
import { createUsersRepo } from './modules/users/users.repo.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createDomainSync, createDomainsService } from './modules/domains/domains.service.ts';
import { createResolver } from './modules/domains/dns-check.ts';
import { createPublishingRepo } from './modules/publishing/publishing.repo.ts';
import { createPublishService } from './modules/publishing/publish.service.ts';
import { createImageFiles, imagesDirOf } from './modules/images/image-files.ts';
import { createImageProvider } from './modules/images/image-provider.ts';
import { createImagesRepo } from './modules/images/images.repo.ts';
import { createImagesService } from './modules/images/images.service.ts';
import { createEditorServices } from './modules/editor/editor.module.ts';

/**
 * The composition root: one place that wires repos and services from the database, the
 * queue and the config. The HTTP app, the workers and the CLI all start from it.
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
  const mailQueue = createMailQueue(boss);

  const usersRepo = createUsersRepo(db);
  const authRepo = createAuthRepo(db);
  const billingRepo = createBillingRepo(db);
  const projectsRepo = createProjectsRepo(db);
  const generationRepo = createGenerationRepo(db);
  const locationsRepo = createLocationsRepo(db);
  const imageFiles = createImageFiles(imagesDirOf(config.dataDir));
  const publishingRepo = createPublishingRepo(db, { imagesDir: imageFiles.dir });
  const serverKeys = { openrouter: config.OPENROUTER_API_KEY, openai: config.OPENAI_API_KEY };
  const ai = createAiClient({
    baseUrls: { openrouter: config.OPENROUTER_BASE_URL, openai: config.OPENAI_BASE_URL },
    timeoutMs: config.AI_TIMEOUT_SECONDS * 1000,
    perKeyConcurrency: config.GENERATION_CONCURRENCY_PER_KEY,
    appUrl: config.appUrl,
  });
  const changeFeed = createChangeFeed(handle, logger);
  const owned = projectOwnership(projectsRepo);
  const generationService = createGenerationService({
    db,
    locationsRepo,
    boss,
    repo: generationRepo,
    projectsRepo,
    serverKeys,
    owned,
  });
  const usersService = createUsersService({ usersRepo, cipher });
  const authService = createAuthService({
    db,
    appUrl: config.appUrl,
    authRepo,
    usersRepo,
    usersService,
    jwt,
    mailQueue,
    tokenSecret: secret,
    guard: createSignInGuard(db),
  });
  const stripe = createStripeClient(config);
  const billingService = createBillingService({
    billingRepo,
    appUrl: config.appUrl,
    ...(stripe && {
      paidCheckout: createStripeCheckout({
        stripe,
        billingRepo,
        prices: createPriceProvisioner({ stripe, billingRepo }),
        logger,
      }),
    }),
  });
  const stripeWebhooks = createStripeWebhooks({
    db,
    stripe,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    billingRepo,
    usersRepo,
    logger,
  });
  const adminService = createAdminService({
    adminRepo: createAdminRepo(db),
    usersRepo,
    cipher,
    cancelSubscriptionOf: createSubscriptionCanceller({ stripe, billingRepo, logger }),
  });
  const limitsService = createLimitsService({ limitsRepo: createLimitsRepo(db), billingRepo });
  const netlifyApiUrl = config.NETLIFY_API_URL;
  const netlifyTimeoutMs = config.NETLIFY_TIMEOUT_SECONDS * 1000;
  const syncDomain = createDomainSync({
    projectsRepo,
    usersService,
    netlifyApiUrl,
    netlifyTimeoutMs,
  });
  const projectsService = createProjectsService({
    projectsRepo,
    serverKeys,
    createWithPages: generationService.createProject,
    checkProjectLimit: limitsService.checkProject,
    settle: generationRepo.settleProject,
    syncDomain,
  });
  const domainsService = createDomainsService({
    projectsRepo,
    usersService,
    netlifyApiUrl,
    owned,
    present: projectsService.present,
    resolver: () => createResolver(config.DNS_SERVERS),
    syncNetlify: syncDomain,
  });
  const publishService = createPublishService({
    boss,
    repo: publishingRepo,
    projectsRepo,
    usersService,
    owned,
    netlifyApiUrl,
    netlifyTimeoutMs,
    dataDir: config.dataDir,
    siteZipBudget: {
      timeoutMs: config.SITE_ZIP_TIMEOUT_SECONDS * 1000,
      memoryMb: config.SITE_ZIP_MEMORY_MB,
    },
    waitMs: config.PUBLISH_WAIT_SECONDS * 1000,
  });

  return {
    config,
    errorReporter: createErrorReporter(config.SENTRY_DSN),
    handle,
    db,
    boss,
    logger,
    cipher,
    jwt,
    mailQueue,
    ai,
    changeFeed,
    serverKeys,
    owned,
    repos: {
      usersRepo,
      authRepo,
      billingRepo,
      projectsRepo,
      generationRepo,
      locationsRepo,
      publishingRepo,
    },
    services: {
      usersService,
      authService,
      billingService,
      adminService,
      stripeWebhooks,
      limitsService,
      projectsService,
      generationService,
      domainsService,
      publishService,
      previewService: createPreviewService({ projectsRepo, locationsRepo, owned }),
      ...createEditorServices({
        db,
        projectsRepo,
        locationsRepo,
        generationRepo,
        ai,
        cipher,
        serverKeys,
        owned,
      }),
      imagesService: createImagesService({
        repo: createImagesRepo(db),
        files: imageFiles,
        provider: createImageProvider({
          baseUrl: config.OPENAI_BASE_URL,
          trustedHosts: config.IMAGE_DOWNLOAD_TRUSTED_HOSTS,
        }),
        owned,
        cipher,
        serverKeys,
        recordUsage: generationRepo.recordUsage,
      }),
      uploadService: createUploadService({
        db,
        repo: locationsRepo,
        projectsRepo,
        generation: generationService,
        serverKeys,
        owned,
        checkCityPageLimit: limitsService.checkCityPages,
        parseBudget: {
          timeoutMs: config.UPLOAD_PARSE_TIMEOUT_SECONDS * 1000,
          memoryMb: config.UPLOAD_PARSE_MEMORY_MB,
        },
        logger,
      }),
    },
  };
}
export type AppContext = ReturnType<typeof createContext>;
