import type { ReactNode } from 'react';
import type { TAdminUser } from '@cityforge/shared';
import { Badge } from '../../../components/ui/badge';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { spendLabel } from '../../../lib/cost';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { statusText, subscriptionVariant, userLabel, userName } from '../user-display';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h3>
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-zinc-200 p-4 sm:grid-cols-2">
        {children}
      </dl>
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="mt-0.5 break-words text-zinc-900">{children}</dd>
    </div>
  );
}

function KeyState({ value }: { value: string | null }) {
  // The server only ever sends masked keys; even so, only whether one is set is shown here.
  return value ? <Badge variant="success">Set</Badge> : <Badge>Not set</Badge>;
}

/** Everything the admin list knows about one user, read-only. */
export function UserDetailsDialog({
  user,
  onOpenChange,
}: {
  user: TAdminUser;
  onOpenChange: (open: boolean) => void;
}) {
  const sub = user.subscription;
  const u = user.usage;
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={userLabel(user)}
        description="Account, plan, usage and keys."
        size="lg"
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        <div className="mt-5 space-y-5 text-sm" data-testid="user-details">
          <Section title="Account">
            <Item label="Name">{userName(user) ?? '—'}</Item>
            <Item label="Email">{user.email}</Item>
            <Item label="Joined">{formatDate(user.joinedAt)}</Item>
            <Item label="Last activity">{formatDate(user.lastActivity, {}, 'Never')}</Item>
            <Item label="Status">
              <Badge variant={user.isActive ? 'success' : 'default'}>
                {user.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </Item>
            <Item label="Role">{user.isSuperuser ? 'Superuser' : 'User'}</Item>
            <Item label="Admin Bypass">{user.adminBypass ? 'Yes' : 'No'}</Item>
          </Section>
          <Section title="Plan">
            <Item label="Plan">{sub ? sub.plan.name : 'No plan'}</Item>
            <Item label="Status">
              {sub ? (
                <Badge variant={subscriptionVariant(sub.status)} className="capitalize">
                  {statusText(sub.status)}
                </Badge>
              ) : (
                '—'
              )}
            </Item>
            <Item label="Start date">{formatDate(sub?.startDate)}</Item>
            <Item label="Revenue">{formatMoney(user.revenue)}</Item>
          </Section>
          <Section title="Usage">
            <Item label="Prompt tokens">{formatNumber(u.promptTokens)}</Item>
            <Item label="Completion tokens">{formatNumber(u.completionTokens)}</Item>
            <Item label="Total tokens">{formatNumber(u.totalTokens)}</Item>
            <Item label="AI cost">{spendLabel(u)}</Item>
            <Item label="AI calls">{formatNumber(u.calls)}</Item>
            <Item label="Projects">{formatNumber(user.projectStatus.totalProjects)}</Item>
            <Item label="Deployments">{formatNumber(user.projectStatus.totalDeployments)}</Item>
          </Section>
          <Section title="API keys">
            <Item label="Netlify access token">
              <KeyState value={user.userNetlifyAccessToken} />
            </Item>
            <Item label="OpenRouter API key">
              <KeyState value={user.userOpenRouterApiKey} />
            </Item>
            <Item label="OpenAI API key">
              <KeyState value={user.userOpenAiApiKey} />
            </Item>
          </Section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
