import { TOAST_DEFAULT_MS, TOAST_EXIT_MS } from '@cityforge/shared';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

/** A link the toast offers (e.g. to the profile where a missing token is added). */
export interface ToastAction {
  label: string;
  href: string;
  /** Client-side navigation instead of a page load (the toasts sit outside the router). */
  onNavigate?: () => void;
}

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  action?: ToastAction;
  /** Milliseconds on screen; 0 keeps it until dismissed. */
  duration: number;
  /** true during the 300 ms fade-out before removal. */
  leaving: boolean;
}

export interface ToastInput {
  title: string;
  message?: string;
  action?: ToastAction;
  duration?: number;
}

type Listener = (toasts: readonly Toast[]) => void;

/**
 * Toast lifecycle: enters, stays for its duration (default 5 s, 0 means
 * persistent), fades out over 300 ms, then is removed.
 */
export function createToastStore(
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
) {
  let toasts: readonly Toast[] = [];
  let seq = 0;
  const listeners = new Set<Listener>();
  const pending = new Map<string, ReturnType<typeof setTimeout>>();

  function emit(next: readonly Toast[]): void {
    toasts = next;
    for (const listener of listeners) listener(toasts);
  }

  function remove(id: string): void {
    pending.delete(id);
    emit(toasts.filter((t) => t.id !== id));
  }

  function dismiss(id: string): void {
    const toast = toasts.find((t) => t.id === id);
    if (!toast || toast.leaving) return;
    const timer = pending.get(id);
    if (timer !== undefined) timers.clearTimeout(timer);
    emit(toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
    pending.set(
      id,
      timers.setTimeout(() => remove(id), TOAST_EXIT_MS),
    );
  }

  function show(type: ToastType, input: ToastInput): string {
    seq += 1;
    const id = `toast-${seq}`;
    const duration = input.duration ?? TOAST_DEFAULT_MS;
    const toast: Toast = {
      id,
      type,
      title: input.title,
      message: input.message,
      action: input.action,
      duration,
      leaving: false,
    };
    emit([...toasts, toast]);
    if (duration > 0)
      pending.set(
        id,
        timers.setTimeout(() => dismiss(id), duration),
      );
    return id;
  }

  return {
    show,
    dismiss,
    getSnapshot: (): readonly Toast[] => toasts,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** Splits the spec's "Title - message" strings into a title and a message. */
export function splitTitle(text: string): ToastInput {
  const at = text.indexOf(' - ');
  return at > 0 ? { title: text.slice(0, at), message: text.slice(at + 3) } : { title: text };
}
