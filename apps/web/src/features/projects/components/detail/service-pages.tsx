import type { TLeanProjectDetail } from '@cityforge/shared';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card';
import { pageLinksDisabled, servicePageLinks } from '../../structure';
import { PreviewEditLinks } from './item-actions';

/** Service pages grid with preview and edit links (new tabs). */
export function ServicePages({ project }: { project: TLeanProjectDetail }) {
  return (
    <Card>
      <CardHeader
        headingLevel={3}
        title="Service Pages"
        description="One page per service the business offers."
      />
      <CardBody>
        {project.servicePages.length === 0 ? (
          <p className="text-sm text-zinc-500">No service pages.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Service pages">
            {project.servicePages.map((page) => {
              const links = servicePageLinks(project.id, page);
              const waiting = pageLinksDisabled(page);
              return (
                <li
                  key={page.id}
                  className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium text-zinc-900">{page.name}</p>
                    <p className="truncate font-mono text-xs text-zinc-500">/{page.slug}</p>
                    {page.model.name ? (
                      <p className="mt-1 text-xs text-zinc-500">{page.model.name}</p>
                    ) : null}
                  </div>
                  <div className="mt-auto flex gap-1.5">
                    <PreviewEditLinks links={links} disabled={waiting} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
