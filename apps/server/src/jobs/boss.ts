import { PgBoss, fromPglite } from 'pg-boss';
import type { Queue } from 'pg-boss';
import type { DbHandle } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';

/** Every queue the app uses, created at boot so producers never race workers. */
export const QUEUES = {
  sendMail: 'send-mail',
  // 'generate-page' before it became stately (a policy is fixed at creation): see startBoss.
  generatePage: 'write-page',
  generatePageFailed: 'generate-page-failed',
  scoreSimilarity: 'score-similarity',
  publishSite: 'publish-site',
  releasePages: 'release-pages',
  refreshPrices: 'refresh-prices',
  resumeHeldPages: 'resume-held-pages',
  fetchCityPhoto: 'fetch-city-photo',
  syncSheetsDue: 'sync-sheets-due',
  syncSheet: 'sync-sheet',
  notify: 'notify-members',
} as const;

const QUEUE_OPTIONS: Record<(typeof QUEUES)[keyof typeof QUEUES], Omit<Queue, 'name'>> = {
  // Mail: retried with backoff so a flaky SMTP server loses nothing. Woken by NOTIFY like the
  // others: a verification or reset mail leaves at once, not at the next 2-second poll.
  'send-mail': { retryLimit: 5, retryDelay: 5, retryBackoff: true, notify: true },
  // Pages: provider rate limits are handled by the job itself (it honours Retry-After); these
  // retries are for crashes. A worker that dies stops its heartbeat and the job runs again.
  // Stately with a singleton key per page: at most one waiting and one running job per page,
  // however often the page is sent (a double-clicked retry, a recovery sweep racing a send).
  'write-page': {
    policy: 'stately',
    retryLimit: 4,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 60,
    heartbeatSeconds: 10,
    expireInSeconds: 15 * 60,
    deadLetter: 'generate-page-failed',
    notify: true,
  },
  'generate-page-failed': { retryLimit: 5, retryDelay: 5, notify: true },
  // One scoring per project at a time, and at most one more waiting: a later settle rescores.
  'score-similarity': { policy: 'stately', retryLimit: 2, retryDelay: 5, notify: true },
  // A deploy is not retried behind the owner's back: its row reports the failure and the
  // owner deploys again. The deploy row's own heartbeat tells a dead worker from a slow one.
  'publish-site': { retryLimit: 0, expireInSeconds: 60 * 60, heartbeatSeconds: 30, notify: true },
  // Staged releases' check: one waiting and one running, however many workers ask for it. Not
  // retried: the next check comes within RELEASE_CHECK_SECONDS anyway.
  'release-pages': { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60, notify: true },
  // Model prices: an hourly check (cron) that reads OpenRouter's prices once they are a day
  // old. Not retried: the next check retries, and a failed read keeps the stored prices.
  'refresh-prices': { policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60, notify: true },
  // Pages held by a spending cap: an hourly check (cron) that sends them on once their cap
  // allows again (the month turned). Not retried: the next hour's check does the same.
  'resume-held-pages': {
    policy: 'stately',
    retryLimit: 0,
    expireInSeconds: 15 * 60,
    notify: true,
  },
  // Places' photos, one job per project and address (its singleton key): one waiting and one
  // running per address. A host that is down gets two more tries a minute apart; a refusal
  // (not public, not an image) is noted on the places and not retried.
  'fetch-city-photo': {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 5 * 60,
    notify: true,
  },
  // E-mails to a workspace's people about an event: retried like mail (the event's mails are
  // queued together at the end, so a retry does not send them twice).
  'notify-members': { retryLimit: 3, retryDelay: 5, retryBackoff: true, notify: true },
  // Linked sheets' due check (cron): one waiting and one running. Not retried: the next
  // check, five minutes on, finds the same sheets.
  'sync-sheets-due': { policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60, notify: true },
  // One scheduled sync per project (its singleton key): one waiting and one running. A sheet
  // host that fails is tried three more times, a minute, two and four apart; the sync's own
  // lease keeps a manual sync and this one from running together.
  'sync-sheet': {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    retryDelayMax: 15 * 60,
    expireInSeconds: 10 * 60,
    notify: true,
  },
};

/**
 * NOTIFY wakes idle workers the moment a page is queued; a 10-second supervision pass finds
 * the jobs of a worker that died (its heartbeat stopped) soon enough that no page sits stuck.
 */
const SUPERVISION = {
  useListenNotify: true,
  superviseIntervalSeconds: 10,
  monitorIntervalSeconds: 10,
} as const;

/** The queue's schema in a server's database (tests give each in-process app its own). */
export const BOSS_SCHEMA = 'pgboss';

/** An id no job has. */
const NO_JOB = '00000000-0000-0000-0000-000000000000';

/** Queues of earlier releases, dropped at start (see startBoss). */
const RETIRED_QUEUES = ['generate-page'];

const schemas = new WeakMap<PgBoss, string>();
/** The schema a boss keeps its tables in, for the few reads pg-boss has no call for. */
export const bossSchemaOf = (boss: PgBoss): string => schemas.get(boss) ?? BOSS_SCHEMA;

export function createBoss(handle: DbHandle, logger: Logger, schema = BOSS_SCHEMA): PgBoss {
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({
          db: fromPglite(handle.pglite),
          backend: 'pglite',
          schema,
          ...SUPERVISION,
        })
      : new PgBoss({
          connectionString: handle.connectionString,
          schema,
          max: 5,
          ...SUPERVISION,
        });
  boss.on('error', (err: unknown) => logger.error({ err }, 'job queue error'));
  schemas.set(boss, schema);
  return boss;
}

export async function startBoss(boss: PgBoss): Promise<void> {
  await boss.start();
  // Dead-letter queues first: a queue naming one needs it to exist.
  const names = Object.values(QUEUES).sort(
    (a, b) => Number(b.endsWith('-failed')) - Number(a.endsWith('-failed')),
  );
  for (const name of names) {
    const existing = await boss.getQueue(name);
    // A queue's policy is fixed at creation; pg-boss refuses it in an update, even unchanged.
    const { policy: _policy, ...updatable } = QUEUE_OPTIONS[name];
    if (existing) await boss.updateQueue(name, updatable);
    else await boss.createQueue(name, QUEUE_OPTIONS[name]);
  }
  // An update drops the queue from pg-boss's cache, and a send looks a missing one up on
  // pg-boss's own connection. Inside one of our transactions on PGlite (one connection), that
  // lookup waits for the very transaction it is part of: a project settled at boot hung there.
  // Every queue is read back into the cache before anything is sent (a read of no job does it).
  for (const name of names) await boss.getJobById(name, NO_JOB);
  // Pages still waiting in a retired queue are queued rows without a live job in the new one:
  // the recovery sweep sends them again, so the old queue and its jobs can go.
  for (const name of RETIRED_QUEUES) if (await boss.getQueue(name)) await boss.deleteQueue(name);
}

export type { PgBoss };
