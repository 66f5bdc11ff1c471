import { CalendarDays, FileCode2, Globe, Server } from 'lucide-react';
import { isInProgress, MSG } from '@cityforge/shared';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { Badge } from '../../../../components/ui/badge';
import { ExternalLink } from '../../../../components/ui/new-tab-link';
import { Spinner } from '../../../../components/ui/spinner';
import { formatDate } from '../../../../lib/format';
import { hostingLink, hostOf, sitemapUrl, withProtocol } from '../../../deploys/deployment';
import { detailBadgeVariant, statusLabel } from '../../project-rules';

const metaClass = 'inline-flex min-w-0 items-center gap-1.5 text-sm text-zinc-600';
const iconClass = 'size-4 text-zinc-400';

/** The project's name and status, and below them when it was made and where it lives. */
export function DetailTitle({ project }: { project: TLeanProjectDetail }) {
  const busy = isInProgress(project.status);
  return (
    <div className="min-w-0 space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold break-words sm:text-3xl">{project.name}</h1>
        <Badge
          variant={detailBadgeVariant(project.status)}
          icon={busy ? <Spinner size="sm" decorative className="size-3" /> : undefined}
        >
          {statusLabel(project.status)}
        </Badge>
      </div>
      <DetailMeta project={project} />
    </div>
  );
}

function DetailMeta({ project }: { project: TLeanProjectDetail }) {
  const link = hostingLink(project);
  const sitemap = sitemapUrl(project);
  const domain = project.clientDomain?.trim();
  return (
    <div className="flex flex-wrap gap-x-5 gap-y-1.5">
      <span className={metaClass}>
        <CalendarDays className={iconClass} aria-hidden="true" />
        Created {formatDate(project.createdAt)}
      </span>
      <span className={metaClass}>
        <Server className={iconClass} aria-hidden="true" />
        {link ? (
          <ExternalLink href={withProtocol(link)}>{hostOf(link)}</ExternalLink>
        ) : (
          MSG.notDeployed
        )}
      </span>
      {sitemap ? (
        <span className={metaClass}>
          <FileCode2 className={iconClass} aria-hidden="true" />
          <ExternalLink href={sitemap}>Sitemap</ExternalLink>
        </span>
      ) : null}
      {domain ? (
        <span className={metaClass}>
          <Globe className={iconClass} aria-hidden="true" />
          <ExternalLink href={withProtocol(domain)}>{domain}</ExternalLink>
        </span>
      ) : null}
    </div>
  );
}
