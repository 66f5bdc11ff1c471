import { index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, rowId } from './columns.ts';
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
    id: rowId(),
    userId: belongsTo('user_id', () => users.id),
    projectId: uuid('project_id'),
    pages: integer('pages').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('city_page_ledger_user_idx').on(t.userId, t.createdAt)],
);
export type CityPageLedgerRow = typeof cityPageLedger.$inferSelect;
