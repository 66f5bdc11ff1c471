import type { ReactNode } from 'react';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card';
import { NetlifyUrls } from '../../../deploys/components/netlify-urls';
import { UsageTable } from './usage-table';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-zinc-500">{label}</dt>
      <dd className="min-w-0 text-sm break-words whitespace-pre-wrap text-zinc-900">{children}</dd>
    </div>
  );
}

/**
 * Project Details: prompt ('N/A' if none), contact email, phone, the Netlify URLs (current and
 * older, each deletable); usage for superusers.
 */
export function ProjectDetailsCard({
  project,
  showUsage,
}: {
  project: TLeanProjectDetail;
  showUsage: boolean;
}) {
  const prompt = project.userPrompt || project.prompt;
  return (
    <Card>
      <CardHeader title="Project Details" />
      <CardBody className="space-y-6">
        <dl className="space-y-4">
          <Row label="Prompt">{prompt?.trim() ? prompt : 'N/A'}</Row>
          <Row label="Contact email">{project.email || 'N/A'}</Row>
          <Row label="Phone">{project.contactPhoneNumber || 'N/A'}</Row>
          <Row label="Netlify URLs">
            <NetlifyUrls project={project} />
          </Row>
        </dl>
        {showUsage ? (
          <div className="space-y-2" data-testid="project-usage">
            <h3 className="text-sm font-semibold">AI usage</h3>
            <UsageTable usage={project.usage} label="Project AI usage" />
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
