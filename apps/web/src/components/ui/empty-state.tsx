import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Card } from './card';

/** A friendly "nothing here (yet)" block: icon, title, one sentence, optional actions. */
export function EmptyState({
  icon,
  title,
  description,
  actions,
  children,
  className,
  testId,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <Card
      data-testid={testId}
      className={cn('flex flex-col items-center px-6 py-12 text-center sm:py-16', className)}
    >
      {icon ? (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/50 [&_svg]:size-6">
          {icon}
        </div>
      ) : null}
      <h2 className="text-lg font-semibold">{title}</h2>
      {description ? <p className="mt-2 max-w-md text-zinc-600">{description}</p> : null}
      {children ? <div className="mt-4 w-full max-w-md text-left">{children}</div> : null}
      {actions ? (
        <div className="mt-6 flex flex-wrap items-center justify-center gap-2">{actions}</div>
      ) : null}
    </Card>
  );
}

/**
 * A screen whose full version comes with a later release: its real heading, what the screen
 * will do, and the ways on from here. Later issues replace these with the real screens.
 */
export function ScreenPlaceholder({
  title,
  description,
  icon,
  comingTitle,
  coming,
  actions,
  back,
  headerActions,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon: ReactNode;
  comingTitle: ReactNode;
  coming: string[];
  actions?: ReactNode;
  back?: ReactNode;
  headerActions?: ReactNode;
}) {
  return (
    <div>
      <div className="mb-6 space-y-3 sm:mb-8">
        {back}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>
            {description ? <p className="mt-1.5 max-w-2xl text-zinc-600">{description}</p> : null}
          </div>
          {headerActions ? <div className="flex shrink-0 gap-2">{headerActions}</div> : null}
        </div>
      </div>
      <EmptyState icon={icon} title={comingTitle} actions={actions} testId="screen-placeholder">
        <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-600 marker:text-brand-400">
          {coming.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </EmptyState>
    </div>
  );
}
