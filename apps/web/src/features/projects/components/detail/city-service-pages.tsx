import { Link } from 'react-router';
import { Eye, Pencil } from 'lucide-react';
import type { TServiceCityNode } from '@cityforge/shared';
import { Badge } from '../../../../components/ui/badge';
import { itemState, serviceCityEditPath, serviceCityPreviewPath } from '../../structure';

const VERDICT_NOTE: Record<TServiceCityNode['verdict'], string> = {
  pending: '',
  passes: '',
  held: ' · held back',
  approved: ' · approved',
};

function ServiceBadge({ page }: { page: TServiceCityNode }) {
  return (
    <Badge
      variant={page.verdict === 'held' ? 'warning' : 'default'}
      className="font-normal"
      icon={
        itemState({ status: page.status, failedAt: null }) === 'completed' ? (
          <Pencil className="size-3" aria-hidden="true" />
        ) : undefined
      }
    >
      {page.service}: {page.status}
      {VERDICT_NOTE[page.verdict]}
    </Badge>
  );
}

const LINK_FOCUS =
  'rounded-full hover:opacity-80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * The city's pages for the services it offers: each service with its page's state. A page
 * written opens in the editor in a new tab, like the city's own Edit link, and has its own
 * preview beside it.
 */
export function CityServicePages({
  projectId,
  cityId,
  cityName,
  pages,
}: {
  projectId: string;
  cityId: string;
  cityName: string;
  pages: TServiceCityNode[];
}) {
  return (
    <ul
      className="mt-1 flex flex-wrap gap-1.5"
      aria-label="Service pages"
      data-testid="city-services"
    >
      {pages.map((page) => (
        <li key={page.id}>
          {itemState({ status: page.status, failedAt: null }) === 'completed' ? (
            <span className="inline-flex items-center gap-0.5">
              <a
                href={serviceCityEditPath(projectId, cityId, page.slug)}
                target="_blank"
                rel="noopener"
                title={`Edit the ${page.service} page of ${cityName}`}
                className={LINK_FOCUS}
              >
                <ServiceBadge page={page} />
              </a>
              <Link
                to={serviceCityPreviewPath(projectId, cityId, page.slug)}
                title={`Preview the ${page.service} page of ${cityName}`}
                aria-label={`Preview the ${page.service} page of ${cityName}`}
                data-testid="service-city-preview"
                className={`${LINK_FOCUS} flex size-6 items-center justify-center text-zinc-500 hover:text-zinc-900`}
              >
                <Eye className="size-3.5" aria-hidden="true" />
              </Link>
            </span>
          ) : (
            <ServiceBadge page={page} />
          )}
        </li>
      ))}
    </ul>
  );
}
