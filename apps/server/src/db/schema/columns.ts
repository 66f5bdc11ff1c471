import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

// The column shapes most tables share, each written once: a row's own id, the row it belongs
// to, and moments in time. Every migration was generated from these same shapes.

/** A row's own id: a random uuid the database makes. */
export const rowId = () => uuid('id').primaryKey().defaultRandom();

/** A moment, always stored with its time zone. */
export const moment = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** When the row was made: the database's clock, unless the insert names it. */
export const createdAt = () => moment('created_at').notNull().defaultNow();
/** When the row last changed; each update that matters sets it. */
export const updatedAt = () => moment('updated_at').notNull().defaultNow();

/**
 * The row this one belongs to (a project's pages, a user's tokens): never missing, and gone
 * with it.
 */
export const belongsTo = <N extends string>(name: N, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });
