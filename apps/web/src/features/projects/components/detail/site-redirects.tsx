import { useState } from 'react';
import { ArrowRight, CornerDownRight } from 'lucide-react';
import { SITE_REDIRECTS_PAGE_SIZE } from '@cityforge/shared';
import type { TSiteRedirect } from '@cityforge/shared';
import { RetryAlert } from '../../../../components/ui/alert';
import { Card, CardHeader } from '../../../../components/ui/card';
import { Pagination } from '../../../../components/ui/pagination';
import { Skeleton } from '../../../../components/ui/skeleton';
import { formatDate, formatNumber } from '../../../../lib/format';
import { useRedirects } from '../../api/get-redirects';

const DESCRIPTION =
  'Old addresses of your published site lead visitors and search engines to the page that took their place (a 301), so links and rankings are kept.';

function RedirectRow({ redirect }: { redirect: TSiteRedirect }) {
  return (
    <li
      data-testid="site-redirect"
      className="grid gap-1 px-5 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] sm:items-center sm:gap-3 sm:px-6"
    >
      <code className="break-all font-mono text-xs text-zinc-500">{redirect.from}</code>
      <ArrowRight className="hidden size-4 text-zinc-400 sm:block" aria-label="leads to" />
      <span className="flex min-w-0 items-start gap-1.5">
        <CornerDownRight
          className="mt-0.5 size-3.5 shrink-0 text-zinc-400 sm:hidden"
          aria-hidden="true"
        />
        <code className="break-all font-mono text-xs text-zinc-900">{redirect.to}</code>
      </span>
      <span className="text-xs whitespace-nowrap text-zinc-500 sm:text-right">
        since {formatDate(redirect.since)}
      </span>
    </li>
  );
}

/**
 * The published site's 301s (project detail): every address an earlier deploy published that
 * the site no longer has, and where it now leads. Newest first, a page at a time.
 */
export function SiteRedirects({ projectId }: { projectId: string }) {
  const [page, setPage] = useState(1);
  const redirects = useRedirects(projectId, page);
  const data = redirects.data;
  const count = data?.count ?? 0;
  return (
    <Card data-testid="site-redirects">
      <CardHeader
        title={count ? `Redirects (${formatNumber(count)})` : 'Redirects'}
        description={DESCRIPTION}
      />
      {redirects.isPending ? (
        <div className="space-y-3 p-6" role="status" aria-label="Loading redirects">
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      ) : redirects.isError && !data ? (
        <div className="p-6">
          <RetryAlert onRetry={() => redirects.refetch()}>
            The redirects could not be loaded.
          </RetryAlert>
        </div>
      ) : !data || data.results.length === 0 ? (
        <p className="px-5 py-6 text-sm text-zinc-500 sm:px-6">
          No redirects yet. When a city page is removed, renamed or moved to another county, the
          next deploy sends its old address on to the new page, or to the page above it.
        </p>
      ) : (
        <>
          <ul aria-label="Redirects" className="divide-y divide-zinc-100">
            {data.results.map((r) => (
              <RedirectRow key={r.from} redirect={r} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={SITE_REDIRECTS_PAGE_SIZE}
            count={data.count}
            onPageChange={setPage}
            label="Redirect pages"
            className="border-t border-zinc-100 px-6 py-3"
          />
        </>
      )}
    </Card>
  );
}
