import { useState } from 'react';
import type { ReactNode } from 'react';
import { AlertTriangle, Info, Trash2 } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Dialog, DialogContent } from './dialog';

export type ConfirmVariant = 'danger' | 'warning' | 'info';

const looks: Record<
  ConfirmVariant,
  { icon: ReactNode; tone: string; button: 'danger' | 'primary' }
> = {
  danger: { icon: <Trash2 aria-hidden="true" />, tone: 'bg-red-50 text-red-600', button: 'danger' },
  warning: {
    icon: <AlertTriangle aria-hidden="true" />,
    tone: 'bg-amber-50 text-amber-600',
    button: 'primary',
  },
  info: { icon: <Info aria-hidden="true" />, tone: 'bg-sky-50 text-sky-600', button: 'primary' },
};

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  variant?: ConfirmVariant;
  confirmLabel?: string;
  /** Shown on the confirm button while onConfirm runs. */
  busyLabel?: string;
  cancelLabel?: string;
  /** May be async; the dialog closes when it resolves and stays open when it throws. */
  onConfirm: () => void | Promise<void>;
}

/** The one confirm dialog of the app with danger, warning, info variants. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  variant = 'danger',
  confirmLabel = 'Confirm',
  busyLabel,
  cancelLabel = 'Cancel',
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const look = looks[variant];

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller reports the failure (toast or log); the dialog stays open.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent role="alertdialog" title={title} hideClose size="sm">
        <div className="mt-1 flex gap-4">
          <div
            className={cn(
              'flex size-10 shrink-0 items-center justify-center rounded-full [&_svg]:size-5',
              look.tone,
            )}
          >
            {look.icon}
          </div>
          {description ? (
            <div className="text-sm leading-relaxed text-zinc-600">{description}</div>
          ) : null}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={look.button} onClick={() => void confirm()} loading={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
