import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * City pages made, one row per write that made them: the plan's monthly allowance is the sum
 * of these rows, not a count of the cities that still exist, so deleting cities or a whole
 * project never hands the allowance back. Rows are only ever inserted. The project is kept
 * as a plain id (no foreign key) because the row must outlive the project.
 */
export const cityPageLedger = pgTable(
  'city_page_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id'),
    pages: integer('pages').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('city_page_ledger_user_idx').on(t.userId, t.createdAt)],
);
export type CityPageLedgerRow = typeof cityPageLedger.$inferSelect;
