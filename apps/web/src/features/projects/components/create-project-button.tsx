import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Popover } from 'radix-ui';
import { KeyRound, Plus } from 'lucide-react';
import { API_KEY_POPUP_MS, MSG } from '@cityforge/shared';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useAuth } from '../../../lib/auth-store';
import { useCurrentWorkspace } from '../../../lib/workspaces';
import { needsApiKeys } from '../project-rules';

const [keysTitle, keysBody] = MSG.apiKeysRequired.split(': ');

/**
 * Create Project: a link to /projects/new, or, for a user with no API key who is not a
 * superuser, a button styled as disabled that shows the "API Keys Required" popup for 5 s.
 */
export function CreateProjectButton() {
  const { user } = useAuth();
  // The keys are the workspace's (its account's): a member creates with them.
  const workspace = useCurrentWorkspace(Boolean(user));
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => setOpen(false), API_KEY_POPUP_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  const label = (
    <>
      <Plus className="size-4" aria-hidden="true" /> Create Project
    </>
  );

  if (!needsApiKeys(user, workspace.data?.aiKeys)) {
    return (
      <Link to="/projects/new" className={buttonClasses('primary')}>
        {label}
      </Link>
    );
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-disabled="true"
        data-testid="create-project-disabled"
        className={cn(buttonClasses('primary'), 'cursor-not-allowed opacity-55 hover:bg-brand-600')}
      >
        {label}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          role="alert"
          align="end"
          sideOffset={8}
          data-testid="api-keys-popup"
          className="z-50 w-80 max-w-[calc(100vw-2rem)] animate-fade-in rounded-xl border border-amber-200 bg-white p-4 shadow-overlay"
        >
          <div className="flex gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-600">
              <KeyRound className="size-4.5" aria-hidden="true" />
            </span>
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-zinc-900">{keysTitle}</p>
              <span className="sr-only">: </span>
              <p className="mt-1 text-zinc-600">{keysBody}</p>
              <Link
                to="/profile"
                className="mt-3 inline-block rounded font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                Go to profile settings
              </Link>
            </div>
          </div>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
