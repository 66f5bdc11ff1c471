import { FileText, Layers, MapPin } from 'lucide-react';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { CityTree } from './city-tree';
import { MainPages } from './main-pages';
import { NavigationMenu } from './navigation-menu';
import { ProjectMap } from './project-map';
import { ServicePages } from './service-pages';

/** Website Structure: the three counts, then pages, service pages, cities and the menu. */
export function WebsiteStructure({
  project,
  showUsage,
}: {
  project: TLeanProjectDetail;
  showUsage: boolean;
}) {
  const counts = [
    { label: 'Main Pages', value: project.pages.length, icon: FileText },
    { label: 'Service Pages', value: project.servicePages.length, icon: Layers },
    { label: 'City Pages', value: project.totalCities, icon: MapPin },
  ];
  return (
    <section aria-labelledby="structure-title" className="space-y-4">
      <h2 id="structure-title" className="text-lg font-semibold">
        Website Structure
      </h2>
      <dl className="grid grid-cols-3 gap-3">
        {counts.map(({ label, value, icon: Icon }) => (
          <div
            key={label}
            className="rounded-xl border border-zinc-200 bg-white px-3 py-3 text-center shadow-card sm:px-4 sm:text-left"
          >
            <dt className="flex items-center justify-center gap-1.5 text-xs font-medium text-zinc-500 sm:justify-start">
              <Icon className="hidden size-4 sm:block" aria-hidden="true" /> {label}
            </dt>
            <dd className="mt-1 text-2xl font-semibold text-zinc-950 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <MainPages project={project} showUsage={showUsage} />
      <ServicePages project={project} />
      {project.totalCities > 0 ? <ProjectMap project={project} /> : null}
      <CityTree project={project} />
      <NavigationMenu
        key={JSON.stringify(project.headerLinks)}
        projectId={project.id}
        headerLinks={project.headerLinks}
      />
    </section>
  );
}
