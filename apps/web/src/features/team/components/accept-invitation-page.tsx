import { Link, useParams } from 'react-router';
import { MSG, type TInvitationPreview } from '@cityforge/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth-store';
import { useEnterWorkspace } from '../../workspace/use-enter-workspace';
import { useAcceptInvitation, useInvitationPreview } from '../api/team';
import { ROLE_LABELS } from '../team-rules';

const CLOSED: Record<Exclude<TInvitationPreview['state'], 'pending'>, string> = {
  expired: MSG.invitationExpired,
  revoked: MSG.invitationWasRevoked,
  accepted: MSG.invitationUsed,
};

/** Signed out: sign in (and come back here) or create an account first. */
function SignInFirst({ invite, token }: { invite: TInvitationPreview; token: string }) {
  const next = encodeURIComponent(`/invitations/${token}`);
  return (
    <div className="space-y-3">
      <p className="text-sm text-zinc-600">
        Sign in with {invite.email} to join, or create an account with that address first (then open
        this link again).
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={`/login?next=${next}`} className={buttonClasses('primary', 'md')}>
          Sign in to accept
        </Link>
        <Link to="/signup" className={buttonClasses('outline', 'md')}>
          Create an account
        </Link>
      </div>
    </div>
  );
}

function AcceptButton({ invite, token }: { invite: TInvitationPreview; token: string }) {
  const { user } = useAuth();
  const enter = useEnterWorkspace();
  const accept = useAcceptInvitation(token);
  if (!user) return <SignInFirst invite={invite} token={token} />;
  if (user.email.toLowerCase() !== invite.email)
    return <Alert variant="warning">{MSG.invitationWrongEmail}</Alert>;
  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: (res) => {
        toast.success(res.message);
        enter({ id: res.data.workspaceId, role: res.data.role });
      },
      onError: (e) => toast.error(errorMessage(e)),
    });
  return (
    <Button onClick={onAccept} loading={accept.isPending}>
      Accept invitation
    </Button>
  );
}

/** /invitations/:token: what the invitation is, then sign in and accept. Works signed out. */
export default function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  const invite = preview.data?.data;

  return (
    <div className="mx-auto w-full max-w-lg py-6">
      <Card>
        <CardBody className="space-y-4">
          {preview.isPending ? <Skeleton className="h-24 w-full" /> : null}
          {preview.isError ? <Alert variant="error">{errorMessage(preview.error)}</Alert> : null}
          {invite ? (
            <>
              <div>
                <h1 className="text-xl font-semibold">Join {invite.workspaceName}</h1>
                <p className="mt-1 text-sm text-zinc-600">
                  You are invited as {ROLE_LABELS[invite.role]} ({invite.email}).
                </p>
              </div>
              {invite.state === 'pending' ? (
                <AcceptButton invite={invite} token={token} />
              ) : (
                <Alert variant="error">{CLOSED[invite.state]}</Alert>
              )}
            </>
          ) : null}
        </CardBody>
      </Card>
    </div>
  );
}
