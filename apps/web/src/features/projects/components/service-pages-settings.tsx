import { Controller, useWatch, type Control } from 'react-hook-form';
import type { TServicePagesSetting, ZUpdateProjectSettings } from '@cityforge/shared';
import type { z } from 'zod';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/select';
import { SwitchController } from '../../../components/forms/switch-controller';
import { RunEstimate } from '../../../components/estimate/run-estimate';
import { useProject } from '../../../lib/project';
import { useProjectDetail } from '../api/get-project-detail';
import { useServicePagesPreview } from '../api/service-pages-preview';

type FormIn = z.input<typeof ZUpdateProjectSettings>;
const pages = (n: number) => `${n.toLocaleString('en-US')} service ${n === 1 ? 'page' : 'pages'}`;

/** What saving the setting on the screen would do: the count and, for new pages, the cost. */
function ServicePagesCount({
  projectId,
  setting,
}: {
  projectId: string;
  setting: TServicePagesSetting;
}) {
  const preview = useServicePagesPreview(projectId, setting);
  const project = useProject(projectId);
  if (!preview.data) return null;
  const { adding, removing, total } = preview.data;
  return (
    <div className="space-y-1 text-sm text-zinc-600" data-testid="service-pages-count">
      <p>
        {total ? `${pages(total)} in all` : 'No service pages'}
        {adding ? `; saving writes ${adding.toLocaleString('en-US')} new` : ''}
        {removing ? `; saving removes ${removing.toLocaleString('en-US')}` : ''}. Each counts as a
        page of your monthly allowance.
      </p>
      {adding && project.data ? (
        <RunEstimate
          model={project.data.model}
          project={projectId}
          parts={[{ kind: 'service-city', pages: adding }]}
          what={pages(adding)}
        />
      ) : null}
    </div>
  );
}

/**
 * Service-city pages: one page per service a place offers (its sheet's Services cell), for all
 * of the project's services or the chosen ones, and what a place with no Services cell offers.
 */
export function ServicePagesSettings({
  projectId,
  control,
}: {
  projectId: string;
  control: Control<FormIn>;
}) {
  const setting = useWatch({ control, name: 'servicePages' }) as TServicePagesSetting | undefined;
  const services = useProjectDetail(projectId).data?.servicePages ?? [];
  return (
    <Card>
      <CardHeader
        title="Service pages per city"
        description="A page for each service in each place that offers it, under the place's page. The sheet's Services column says which services a place offers."
      />
      <CardBody className="space-y-5">
        <SwitchController
          control={control}
          name="servicePages.enabled"
          label="Make service pages per city"
          description={
            services.length
              ? `${services.length} services: ${services.map((s) => s.name).join(', ')}`
              : 'The project has no service pages yet: they come from the homepage when "Create service pages" is on.'
          }
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Controller
            control={control}
            name="servicePages.services"
            render={({ field }) => (
              <SelectField
                label="Services"
                value={field.value === 'all' ? 'all' : (field.value?.[0] ?? 'all')}
                onChange={(e) =>
                  field.onChange(e.target.value === 'all' ? 'all' : [e.target.value])
                }
              >
                <option value="all">All services</option>
                {services.map((s) => (
                  <option key={s.slug} value={s.slug}>
                    Only {s.name}
                  </option>
                ))}
              </SelectField>
            )}
          />
          <Controller
            control={control}
            name="servicePages.unlisted"
            render={({ field }) => (
              <SelectField
                label="A place without a Services cell offers"
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
              >
                <option value="none">None of them (in force by default)</option>
                <option value="all">All of them</option>
              </SelectField>
            )}
          />
        </div>
        {setting ? <ServicePagesCount projectId={projectId} setting={setting} /> : null}
      </CardBody>
    </Card>
  );
}
