import { and, eq, isNotNull } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import type { Executor } from '../../db/client.ts';
import { cities, pages, serviceCityPages } from '../../db/schema/index.ts';
import type { SectionPrints } from './section-prints.ts';
import type { PageState, VersionOwner } from './versions.repo.ts';

// The tables share the columns read and written here (id, status, content, meta tags).
export const contentTableOf = (owner: VersionOwner) =>
  ('cityId' in owner
    ? cities
    : 'serviceCityId' in owner
      ? serviceCityPages
      : pages) as unknown as typeof pages;
export const contentIdOf = (owner: VersionOwner) =>
  'cityId' in owner ? owner.cityId : 'serviceCityId' in owner ? owner.serviceCityId : owner.pageId;

/**
 * Writes a written page's content (a site page, a city's or a service's for a city); false when
 * it is (again) being generated. A hand edit leaves the prints (what was generated) as they
 * are; a regenerated page brings its own.
 */
export async function writePageContent(
  owner: VersionOwner,
  state: PageState & { sectionPrints?: SectionPrints },
  tx: Executor,
): Promise<boolean> {
  const table = contentTableOf(owner);
  const rows = await tx
    .update(table)
    .set({ ...state, updatedAt: new Date() })
    .where(
      and(
        eq(table.id, contentIdOf(owner)),
        eq(table.status, PAGE_STATUS.completed),
        isNotNull(table.contentHtml),
      ),
    )
    .returning({ id: table.id });
  return rows.length > 0;
}
