import { Pencil } from 'lucide-react';
import type { TServiceCityNode } from '@cityforge/shared';
import { Badge } from '../../../../components/ui/badge';
import { itemState, serviceCityEditPath } from '../../structure';

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

/**
 * The city's pages for the services it offers: each service with its page's state. A page
 * written opens in the editor in a new tab, like the city's own Edit link.
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
            <a
              href={serviceCityEditPath(projectId, cityId, page.slug)}
              target="_blank"
              rel="noopener"
              title={`Edit the ${page.service} page of ${cityName}`}
              className="rounded-full hover:opacity-80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <ServiceBadge page={page} />
            </a>
          ) : (
            <ServiceBadge page={page} />
          )}
        </li>
      ))}
    </ul>
  );
}
