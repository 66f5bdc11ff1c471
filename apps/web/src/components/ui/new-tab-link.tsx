import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { buttonClasses } from './button';
import type { ButtonSize, ButtonVariant } from './button';

/**
 * A button-looking link that opens in a new tab (target=_blank, rel=noopener). Disabled, it
 * becomes a disabled button: not focusable, not clickable, announced as unavailable.
 */
export function NewTabLink({
  href,
  disabled = false,
  variant = 'outline',
  size = 'sm',
  icon,
  className,
  title,
  children,
  testId,
}: {
  href: string;
  disabled?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  className?: string;
  title?: string;
  children: ReactNode;
  testId?: string;
}) {
  const classes = buttonClasses(variant, size, className);
  if (disabled) {
    return (
      <button type="button" disabled className={classes} title={title} data-testid={testId}>
        {icon}
        {children}
      </button>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={classes}
      title={title}
      data-testid={testId}
    >
      {icon}
      {children}
    </a>
  );
}

/** One of a row of new-tab links: where it goes, its words and its icon. */
export interface TabLink {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** Several new-tab links in a row, looking alike and disabled together. */
export function NewTabLinks({
  links,
  variant = 'ghost',
  iconClassName = 'size-3.5',
  ...look
}: {
  links: readonly TabLink[];
  disabled?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  iconClassName?: string;
}) {
  return links.map(({ href, label, icon: Icon }) => (
    <NewTabLink
      key={label}
      href={href}
      variant={variant}
      {...look}
      icon={<Icon className={iconClassName} aria-hidden="true" />}
    >
      {label}
    </NewTabLink>
  ));
}

/** A plain text link to an outside address, opening in a new tab. */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={
        className ??
        'inline-flex max-w-full items-center gap-1 truncate rounded font-medium text-brand-700 underline-offset-4 hover:underline'
      }
    >
      {children}
    </a>
  );
}
