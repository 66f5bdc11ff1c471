import { useState } from 'react';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { DeploymentGuide } from '../../../domains/components/deployment-guide';
import { BackToProjects } from '../../../../components/ui/back-links';
import { CityPagesDialog } from './city-pages-dialog';
import { DetailActions } from './detail-actions';
import { DetailTitle } from './detail-title';
import { RetryProjectEstimate } from './retry-project';

/** Header area: the project's title and facts, its actions, and the dialogs they open. */
export function DetailHeader({ project }: { project: TLeanProjectDetail }) {
  const [guideOpen, setGuideOpen] = useState(false);
  const [citiesOpen, setCitiesOpen] = useState(false);
  return (
    <header className="space-y-4">
      <BackToProjects />
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <DetailTitle project={project} />
        <DetailActions
          project={project}
          onCreateCities={() => setCitiesOpen(true)}
          onDeployToDomain={() => setGuideOpen(true)}
        />
      </div>
      <RetryProjectEstimate project={project} />
      {guideOpen ? (
        <DeploymentGuide project={project} flow="detail" onClose={() => setGuideOpen(false)} />
      ) : null}
      <CityPagesDialog
        projectId={project.id}
        metaTagsTemplate={project.metaTagsTemplate}
        open={citiesOpen}
        onOpenChange={setCitiesOpen}
      />
    </header>
  );
}
