import { sql, type SQL } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import { cities } from '../../db/schema/index.ts';

/**
 * A city page with words to publish: the SQL form of the site build's `isWritten`. With staged
 * releases on, such a page is live once its `released_at` is set.
 */
export function writtenCitySql(): SQL<boolean> {
  return sql<boolean>`(${cities.status} = ${PAGE_STATUS.completed} and ${cities.contentHtml} is not null)`;
}
