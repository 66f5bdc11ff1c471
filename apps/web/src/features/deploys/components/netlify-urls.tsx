import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import type { TProject } from '@cityforge/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ExternalLink } from '../../../components/ui/new-tab-link';
import { useNetlifyUrlDelete } from '../../deploys/actions';
import { useDeployProgress } from '../api/get-deployment';
import { hostOf, netlifyUrls, withProtocol } from '../deployment';
import type { NetlifyUrl } from '../deployment';

/**
 * Every Netlify address the project has had: the current one (deleting it deletes the Netlify
 * site) and the older ones (deleting one drops it from the history), each behind a confirmation.
 * Deleting waits while a deploy runs.
 */
export function NetlifyUrls({
  project,
}: {
  project: Pick<
    TProject,
    'id' | 'deployment' | 'netlifyLink' | 'netlifySiteUrl' | 'netlifySiteUrlHistory'
  >;
}) {
  const [target, setTarget] = useState<NetlifyUrl | null>(null);
  const { busy: deploying } = useDeployProgress(project);
  const remove = useNetlifyUrlDelete(project.id);
  const urls = netlifyUrls(project);

  if (urls.length === 0) return <>{MSG.notDeployed}</>;
  return (
    <>
      <ul
        aria-label="Netlify URLs"
        data-testid="netlify-url-history"
        className="space-y-1.5 whitespace-normal"
      >
        {urls.map((entry) => (
          <li
            key={entry.url}
            data-testid="netlify-url"
            data-current={entry.current}
            className="flex min-w-0 flex-wrap items-center gap-2"
          >
            <ExternalLink href={withProtocol(entry.url)}>{hostOf(entry.url)}</ExternalLink>
            {entry.current ? <Badge variant="success">Current</Badge> : <Badge>Previous</Badge>}
            <Button
              size="icon"
              variant="ghost"
              className="size-7 text-red-600 hover:bg-red-50 hover:text-red-700"
              aria-label={`Delete ${hostOf(entry.url)}`}
              title={entry.current ? 'Delete the Netlify site' : 'Remove from the history'}
              disabled={deploying}
              icon={<Trash2 className="size-3.5" aria-hidden="true" />}
              onClick={() => setTarget(entry)}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => (open ? undefined : setTarget(null))}
        variant="danger"
        title={target?.current ? 'Delete Netlify site?' : 'Remove old Netlify URL?'}
        description={
          target?.current ? (
            <>
              The site at{' '}
              <strong className="font-semibold text-zinc-900">{hostOf(target.url)}</strong> will be
              deleted from Netlify and this project will no longer be linked to it. You can deploy
              again at any time.
            </>
          ) : (
            <>
              <strong className="font-semibold text-zinc-900">{hostOf(target?.url ?? '')}</strong>{' '}
              will be removed from this project&apos;s Netlify URLs.
            </>
          )
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={() => (target ? remove(target.url) : undefined)}
      />
    </>
  );
}
