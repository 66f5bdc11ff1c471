import { CheckCircle2, ExternalLink as LinkIcon, Rocket, ShieldCheck } from 'lucide-react';
import { DNS_TXT_RECORD, MSG } from '@cityforge/shared';
import type { TProject } from '@cityforge/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ExternalLink } from '../../../components/ui/new-tab-link';
import { toast } from '../../../components/ui/toast';
import { useVerifyDomain } from '../api/verify-domain';
import { useDeploy } from '../actions';
import { hostingLink, hostOf, withProtocol } from '../deployment';
import { DeployButton } from './deploy-button';

/** Guide step 1: publish to Netlify (or redeploy). */
export function GuideDeployStep({ project, locked }: { project: TProject; locked: boolean }) {
  const link = hostingLink(project);
  const { deploy, busy } = useDeploy(project.id);
  return (
    <div className="space-y-4">
      <p className="text-zinc-600">
        Publish the generated site to Netlify. You get a live preview address straight away and can
        add your own domain next.
      </p>
      {link ? (
        <p className="flex flex-wrap items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-800">
          <CheckCircle2 className="size-4" aria-hidden="true" /> Live at
          <ExternalLink href={withProtocol(link)}>{hostOf(link)}</ExternalLink>
        </p>
      ) : null}
      <DeployButton hasLink={!!link} busy={busy} disabled={locked} onDeploy={deploy} />
    </div>
  );
}

/** Guide step 3: the DNS records to add, then Verify Domain. */
export function GuideVerifyStep({ project }: { project: TProject }) {
  const verify = useVerifyDomain(project.id);
  const link = hostingLink(project);
  const target = link ? hostOf(link) : 'your-site.netlify.app';
  const domain = project.clientDomain?.trim();
  const rows = [
    { type: 'TXT', name: DNS_TXT_RECORD.name, value: DNS_TXT_RECORD.value },
    { type: 'CNAME', name: 'www', value: target },
    { type: 'CNAME', name: '@', value: target },
  ];

  async function run() {
    try {
      await verify.mutateAsync();
      toast.success(MSG.domainVerifiedTitle, { message: MSG.domainVerified });
    } catch {
      toast.error(MSG.domainVerificationFailed, { message: MSG.domainVerifyFailed });
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-zinc-600">
        Add these records at your domain provider{domain ? ` for ${domain}` : ''}, then verify.
      </p>
      <div className="overflow-x-auto rounded-lg border border-zinc-200">
        <table className="w-full min-w-[26rem] text-left text-sm" aria-label="DNS records">
          <thead className="bg-zinc-50 text-xs font-medium text-zinc-500 uppercase">
            <tr>
              <th className="px-3 py-2">Type</th>
              <th className="px-3 py-2">Name</th>
              <th className="px-3 py-2">Value</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 font-mono text-xs">
            {rows.map((r) => (
              <tr key={`${r.type}-${r.name}`}>
                <td className="px-3 py-2">{r.type}</td>
                <td className="px-3 py-2">{r.name}</td>
                <td className="px-3 py-2 break-all">{r.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-zinc-500">{MSG.dnsPropagation}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          icon={<ShieldCheck className="size-4" aria-hidden="true" />}
          loading={verify.isPending}
          disabled={!domain}
          onClick={() => void run()}
        >
          {verify.isPending ? 'Verifying...' : 'Verify Domain'}
        </Button>
        {project.isDomainVerified && domain ? <Badge variant="success">Verified</Badge> : null}
        {!domain ? <span className="text-xs text-zinc-500">Add a domain first.</span> : null}
      </div>
    </div>
  );
}

/** Guide step 4: the live domain (Verified) and the hosting address (Backup). */
export function GuideCompleteStep({ project }: { project: TProject }) {
  const link = hostingLink(project);
  const domain = project.clientDomain?.trim();
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <Rocket className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h3 className="font-semibold">Deployment Complete</h3>
          <p className="text-zinc-600">Your website is live on your own domain.</p>
        </div>
      </div>
      <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200">
        {domain ? (
          <li className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <ExternalLink href={withProtocol(domain)}>
              {domain} <LinkIcon className="size-3.5" aria-hidden="true" />
            </ExternalLink>
            <Badge variant="success">Verified</Badge>
          </li>
        ) : null}
        {link ? (
          <li className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <ExternalLink href={withProtocol(link)}>
              {hostOf(link)} <LinkIcon className="size-3.5" aria-hidden="true" />
            </ExternalLink>
            <Badge>Backup</Badge>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
