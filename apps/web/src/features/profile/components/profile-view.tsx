import type { ReactNode } from 'react';
import type { TUser } from '@cityforge/shared';
import { KeyRound, UserRound } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { GoogleCard } from './google-card';
import { IconTitle } from './icon-title';
import { KEY_FIELDS } from './secret-field';
import { SpendingCard } from './spending-card';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-zinc-500">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-zinc-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/** Read-only profile: personal details, and for ordinary users which keys are set. */
export function ProfileView({ user }: { user: TUser }) {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title={<IconTitle icon={UserRound}>Personal information</IconTitle>} />
        <CardBody className="py-1">
          <dl className="divide-y divide-zinc-100">
            <Row label="First name">
              {user.firstName || <span className="text-zinc-500">Not set</span>}
            </Row>
            <Row label="Last name">
              {user.lastName || <span className="text-zinc-500">Not set</span>}
            </Row>
            <Row label="Email">{user.email}</Row>
            <Row label="Member since">{formatDate(user.joinedAt)}</Row>
            <Row label="Plan">
              {user.adminBypass ? (
                <Badge variant="brand">Admin Bypass</Badge>
              ) : user.subscription ? (
                <Badge variant={user.isSubscribed ? 'success' : 'default'}>
                  {user.subscription.plan.name}
                </Badge>
              ) : (
                <span className="text-zinc-500">No plan yet</span>
              )}
            </Row>
          </dl>
        </CardBody>
      </Card>
      {user.isSuperuser ? null : (
        <Card>
          <CardHeader
            title={<IconTitle icon={KeyRound}>API keys</IconTitle>}
            description="Your own keys pay for AI generation and publish to your hosting account."
          />
          <CardBody className="py-1">
            <dl className="divide-y divide-zinc-100">
              {KEY_FIELDS.map((field) => (
                <Row key={field.name} label={field.label}>
                  {user[field.name] ? (
                    <span className="font-mono text-[13px]">{user[field.name]}</span>
                  ) : (
                    <span className="text-zinc-500">Not set</span>
                  )}
                </Row>
              ))}
            </dl>
          </CardBody>
        </Card>
      )}
      <GoogleCard />
      <SpendingCard user={user} />
    </div>
  );
}
