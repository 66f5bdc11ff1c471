import { CheckCircle2, ShieldCheck, XCircle } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import type { TDomainCheck, TProject, TVerifyDomainResult } from '@cityforge/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-errors';
import { cn } from '../../../lib/cn';
import { useVerifyDomain } from '../api/verify-domain';
import { dnsRecords, hostingLink } from '../../deploys/deployment';

function DnsRecordTable({ link }: { link: string | null }) {
  return (
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
          {dnsRecords(link).map((r) => (
            <tr key={`${r.type}-${r.name}`}>
              <td className="px-3 py-2">{r.type}</td>
              <td className="px-3 py-2">{r.name}</td>
              <td className="px-3 py-2 break-all">{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function checkMark(check: TDomainCheck): string {
  if (check.ok) return 'OK';
  return check.found.length > 0 ? 'Wrong' : 'Missing';
}

/** What the last check found, record by record: mark, host, expected and found values, why. */
function DnsChecks({ result }: { result: TVerifyDomainResult }) {
  return (
    <div className="space-y-2">
      <p
        role="status"
        className={cn('text-sm font-medium', result.verified ? 'text-emerald-700' : 'text-red-700')}
      >
        {result.message}
      </p>
      <ul
        data-testid="dns-checks"
        aria-label="DNS check results"
        className="divide-y divide-zinc-100 rounded-lg border border-zinc-200"
      >
        {result.checks.map((check) => {
          const mark = checkMark(check);
          const Icon = check.ok ? CheckCircle2 : XCircle;
          return (
            <li
              key={`${check.type}-${check.host}`}
              data-testid="dns-check"
              data-ok={check.ok}
              className="flex gap-3 px-3 py-2.5"
            >
              <Icon
                className={cn(
                  'mt-0.5 size-4 shrink-0',
                  check.ok ? 'text-emerald-600' : 'text-red-600',
                )}
                aria-hidden="true"
              />
              <div className="min-w-0 space-y-0.5 text-xs text-zinc-600">
                <p className="flex flex-wrap items-center gap-2 text-zinc-900">
                  <Badge variant={check.ok ? 'success' : 'danger'}>{mark}</Badge>
                  <span className="font-mono">{check.type}</span>
                  <span className="font-mono font-medium break-all">{check.host}</span>
                </p>
                <p>
                  Expected: <code className="break-all text-zinc-900">{check.expected}</code>
                </p>
                <p>
                  Found:{' '}
                  {check.found.length > 0 ? (
                    <code className="break-all text-zinc-900">{check.found.join(', ')}</code>
                  ) : (
                    'nothing'
                  )}
                </p>
                {check.problem ? <p className="text-red-700">{check.problem}</p> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Guide step 3: the DNS records to add, then Verify Domain. A check that ran answers 200 either
 * way: verified shows the success toast; not verified the failure toast and, here, each record.
 */
export function GuideVerifyStep({ project }: { project: TProject }) {
  const verify = useVerifyDomain(project.id);
  const domain = project.clientDomain?.trim();

  async function run() {
    try {
      const result = await verify.mutateAsync();
      if (result.verified) toast.success(MSG.domainVerifiedTitle, { message: MSG.domainVerified });
      else toast.error(MSG.domainVerificationFailed, { message: MSG.domainVerifyFailed });
    } catch (error) {
      toast.error(MSG.domainVerificationFailed, {
        message: serverMessage(error) ?? MSG.domainVerifyFailed,
      });
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-zinc-600">
        Add these records at your domain provider{domain ? ` for ${domain}` : ''}, then verify.
      </p>
      <DnsRecordTable link={hostingLink(project)} />
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
      {verify.data ? <DnsChecks result={verify.data} /> : null}
    </div>
  );
}
