import { useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { cn } from '../../lib/cn';
import { createToastStore, splitTitle } from './toast-store';
import type { Toast, ToastAction, ToastType } from './toast-store';

export const toastStore = createToastStore();

interface ToastOptions {
  message?: string;
  action?: ToastAction;
  /** Milliseconds; default 5000, 0 keeps the toast until dismissed. */
  duration?: number;
}

function show(type: ToastType, text: string, options: ToastOptions = {}): string {
  const parts =
    options.message === undefined ? splitTitle(text) : { title: text, message: options.message };
  return toastStore.show(type, { ...parts, action: options.action, duration: options.duration });
}

/** `toast.error('Update Failed - Failed to update profile. Please try again.')` splits title and message. */
export const toast = {
  success: (text: string, options?: ToastOptions) => show('success', text, options),
  error: (text: string, options?: ToastOptions) => show('error', text, options),
  info: (text: string, options?: ToastOptions) => show('info', text, options),
  warning: (text: string, options?: ToastOptions) => show('warning', text, options),
  dismiss: (id: string) => toastStore.dismiss(id),
};

const looks: Record<ToastType, { icon: ReactNode; accent: string }> = {
  success: { icon: <CheckCircle2 className="text-emerald-500" />, accent: 'before:bg-emerald-500' },
  error: { icon: <XCircle className="text-red-500" />, accent: 'before:bg-red-500' },
  info: { icon: <Info className="text-sky-500" />, accent: 'before:bg-sky-500' },
  warning: { icon: <AlertTriangle className="text-amber-500" />, accent: 'before:bg-amber-500' },
};

function ToastLink({ toastId, action }: { toastId: string; action: ToastAction }) {
  return (
    <a
      href={action.href}
      className="mt-1.5 inline-block rounded font-medium text-brand-700 underline-offset-4 hover:underline"
      onClick={(e) => {
        const plain = e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
        if (plain && action.onNavigate) {
          e.preventDefault();
          action.onNavigate();
        }
        toastStore.dismiss(toastId);
      }}
    >
      {action.label}
    </a>
  );
}

function ToastItem({ toast: t }: { toast: Toast }) {
  const look = looks[t.type];
  return (
    <li
      data-testid={`toast-${t.type}`}
      data-state={t.leaving ? 'leaving' : 'open'}
      className={cn(
        'pointer-events-auto relative flex w-full gap-3 overflow-hidden rounded-xl border border-zinc-200 bg-white',
        'py-3 pr-10 pl-4 shadow-overlay transition-all duration-300 ease-out',
        'before:absolute before:inset-y-0 before:left-0 before:w-1',
        look.accent,
        t.leaving ? 'translate-y-1 opacity-0' : 'animate-toast-in opacity-100',
      )}
    >
      <span aria-hidden="true" className="mt-0.5 shrink-0 [&_svg]:size-5">
        {look.icon}
      </span>
      {/* The role sits inside the item: on the <li> it would hide the list item from the list. */}
      <div role={t.type === 'error' ? 'alert' : 'status'} className="min-w-0 text-sm">
        <p className="font-semibold text-zinc-900">{t.title}</p>
        {t.message ? (
          <>
            <span className="sr-only"> - </span>
            <p className="mt-0.5 text-zinc-600">{t.message}</p>
          </>
        ) : null}
        {t.action ? <ToastLink toastId={t.id} action={t.action} /> : null}
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => toastStore.dismiss(t.id)}
        className="absolute top-2.5 right-2.5 rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

/** Renders the toasts; one per app, placed once in the providers. */
export function Toaster() {
  const toasts = useSyncExternalStore(
    toastStore.subscribe,
    toastStore.getSnapshot,
    toastStore.getSnapshot,
  );
  return (
    <section aria-label="Notifications" aria-live="polite" aria-relevant="additions text">
      <ol className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:w-[24rem] sm:items-end">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </ol>
    </section>
  );
}
