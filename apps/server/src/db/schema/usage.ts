import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { projects } from './projects.ts';

/** One row per AI call: what it cost, for whom and for which page. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Usage is what the customer was billed for: it stays (detached) when the project goes.
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    pageId: uuid('page_id'),
    cityId: uuid('city_id'),
    model: text('model').notNull(),
    callType: text('call_type').notNull(),
    /** json_schema, json_object or offline (structured-output.ts); null on rows from before. */
    outputMode: text('output_mode'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    totalTokens: integer('total_tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_usage_project_idx').on(t.projectId, t.createdAt),
    index('ai_usage_user_idx').on(t.userId),
  ],
);
