import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { Dialog as RDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';

export const Dialog = RDialog.Root;
export const DialogTrigger = RDialog.Trigger;
export const DialogClose = RDialog.Close;

/** Rendered inside the content, so only while open: what had the focus as the dialog opened. */
function RememberOpener({ onOpen }: { onOpen: (opener: Element | null) => void }) {
  // Read on the first render, before the dialog (or an autofocus field in it) takes the focus.
  const [opener] = useState(() => document.activeElement);
  useEffect(() => onOpen(opener), [onOpen, opener]);
  return null;
}

/**
 * Radix gives the focus back on close only to its own Dialog.Trigger, and these dialogs open
 * from state: without this the focus fell to the page's start. It goes back to what opened the
 * dialog, or to the screen's content when that is gone (a deleted row's Delete button).
 * `remember` goes inside the content; `onCloseAutoFocus` on it.
 */
export function useFocusReturn(): {
  remember: ReactElement;
  onCloseAutoFocus: (event: Event) => void;
} {
  const opener = useRef<HTMLElement | null>(null);
  const onOpen = useCallback((element: Element | null) => {
    opener.current = element instanceof HTMLElement && element !== document.body ? element : null;
  }, []);
  const onCloseAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
    else document.getElementById('main')?.focus({ preventScroll: true });
  }, []);
  return { remember: <RememberOpener onOpen={onOpen} />, onCloseAutoFocus };
}

const WIDTHS = {
  sm: 'max-w-md',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-3xl',
  /** Two pages side by side. */
  wide: 'max-w-5xl',
} as const;

/** Centered modal: overlay, focus trap, Escape to close, title and optional description. */
export function DialogContent({
  title,
  description,
  children,
  className,
  hideClose,
  role,
  size = 'md',
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  hideClose?: boolean;
  role?: 'dialog' | 'alertdialog';
  /** Width: max-w-* classes in className would not override the default (no class merging). */
  size?: keyof typeof WIDTHS;
}) {
  const focusReturn = useFocusReturn();
  return (
    <RDialog.Portal>
      <RDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-zinc-950/40 backdrop-blur-[2px]" />
      <RDialog.Content
        role={role ?? 'dialog'}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2',
          WIDTHS[size],
          'animate-pop-in rounded-xl border border-zinc-200 bg-white p-6 shadow-overlay',
          className,
        )}
      >
        {focusReturn.remember}
        <RDialog.Title className="pr-8 text-lg font-semibold text-zinc-950">{title}</RDialog.Title>
        {description ? (
          <RDialog.Description className="mt-2 text-sm leading-relaxed text-zinc-600">
            {description}
          </RDialog.Description>
        ) : (
          <RDialog.Description className="sr-only">{title}</RDialog.Description>
        )}
        {children}
        {hideClose ? null : (
          <RDialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
          >
            <X className="size-4" aria-hidden="true" />
          </RDialog.Close>
        )}
      </RDialog.Content>
    </RDialog.Portal>
  );
}
