import { index, integer, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, moment, rowId } from './columns.ts';
import { users } from './users.ts';
import { projects } from './projects.ts';

/** One row per AI call: what it cost, for whom and for which page. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: rowId(),
    userId: belongsTo('user_id', () => users.id),
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
    /** What the call cost in USD at the model's price then; null when unpriced. */
    costUsd: real('cost_usd'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ai_usage_project_idx').on(t.projectId, t.createdAt),
    // A month's spend of an account (spending caps) reads only that month's rows.
    index('ai_usage_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The price of a model per token (USD), from the provider's model list (OpenRouter) or
 * the table shipped with the code (OpenAI), refreshed daily.
 */
export const modelPrices = pgTable('model_prices', {
  model: text('model').primaryKey(),
  promptUsd: real('prompt_usd').notNull(),
  completionUsd: real('completion_usd').notNull(),
  /** 'openrouter' (its /models list) or 'table' (shipped with the code). */
  source: text('source').notNull(),
  fetchedAt: moment('fetched_at').notNull().defaultNow(),
});
