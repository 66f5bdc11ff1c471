import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, DbHandle } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';

export type ChangeEvent = {
  projectId: string;
  kind: 'page' | 'city' | 'service-city' | 'project';
  id: string;
  status: string;
};
type Listener = (event: ChangeEvent) => void;

const CHANNEL = 'cityforge_changes';

/**
 * Page state changes travel through PostgreSQL NOTIFY, so a worker process and the API
 * process serving a browser's event stream need not be the same process.
 */
export async function publishChange(db: Db, event: ChangeEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}

/** Notices per statement at most, so a burst never makes one huge statement. */
const NOTICES_PER_STATEMENT = 100;

/**
 * Notices for live screens (which also poll), sent in order and off the critical path: the
 * ones raised while a statement is out go together in the next one.
 */
export function createNoticeQueue(db: Db, logger: Logger) {
  const pending: ChangeEvent[] = [];
  let sending: Promise<void> | null = null;
  async function send() {
    while (pending.length) {
      const batch = pending.splice(0, NOTICES_PER_STATEMENT);
      // A select list is evaluated left to right, and notices are delivered in the order sent.
      const notices = batch.map((e) => sql`pg_notify(${CHANNEL}, ${JSON.stringify(e)})`);
      await db
        .execute(sql`select ${sql.join(notices, sql`, `)}`)
        .catch((err: unknown) => logger.warn({ err }, 'could not publish a page change'));
    }
    sending = null;
  }
  return (event: ChangeEvent) => {
    pending.push(event);
    sending ??= send();
  };
}

export function createChangeFeed(handle: DbHandle, logger: Logger) {
  const listeners = new Map<string, Set<Listener>>();
  let started: Promise<void> | null = null;
  let stop: (() => Promise<void>) | null = null;
  let closed = false;

  function dispatch(payload: string) {
    let event: ChangeEvent;
    try {
      event = JSON.parse(payload) as ChangeEvent;
    } catch {
      return;
    }
    for (const listener of listeners.get(event.projectId) ?? []) listener(event);
  }

  async function listenPg(connectionString: string): Promise<void> {
    const client = new pg.Client({ connectionString });
    let reconnecting = false;
    const reconnect = () => {
      if (closed || reconnecting) return;
      reconnecting = true;
      client.removeAllListeners();
      void client.end().catch(() => undefined);
      setTimeout(() => {
        if (closed) return;
        listenPg(connectionString).catch((err: unknown) => {
          logger.warn({ err }, 'change feed reconnect failed');
          reconnecting = false;
          reconnect();
        });
      }, 1000).unref();
    };
    client.on('notification', (msg) => msg.payload && dispatch(msg.payload));
    client.on('error', (err) => {
      logger.warn({ err }, 'change feed connection lost');
      reconnect();
    });
    client.on('end', reconnect);
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    stop = async () => {
      client.removeAllListeners();
      await client.end().catch(() => undefined);
    };
  }

  async function start() {
    if (handle.kind === 'pglite') {
      const unlisten = await handle.pglite.listen(CHANNEL, dispatch);
      stop = async () => {
        if (!handle.pglite.closed) await unlisten();
      };
    } else {
      await listenPg(handle.connectionString);
    }
  }

  return {
    /** Starts listening on first use; resolves once notifications will be delivered. */
    async subscribe(projectId: string, listener: Listener): Promise<() => void> {
      started ??= start().catch((err: unknown) => {
        started = null;
        throw err;
      });
      await started;
      const set = listeners.get(projectId) ?? new Set();
      listeners.set(projectId, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size) listeners.delete(projectId);
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      await stop?.();
    },
  };
}
export type ChangeFeed = ReturnType<typeof createChangeFeed>;
