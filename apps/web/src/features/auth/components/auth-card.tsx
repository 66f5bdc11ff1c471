import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG, TOAST_AUTH_MS } from '@cityforge/shared';
import { isApiError } from '../../../lib/api-errors';
import { toast } from '../../../components/ui/toast';
import { BrandLink } from '../../../components/ui/brand-link';

/** The centered card every sign-in screen uses. `brand` adds the logo (login and signup have no header). */
export function AuthCard({
  title,
  subtitle,
  brand = false,
  children,
  footer,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  brand?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex w-full flex-1 flex-col items-center justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        {brand ? <BrandLink size="lg" className="mx-auto mb-8 w-fit" /> : null}
        <div className="rounded-2xl border border-zinc-200 bg-white px-6 py-8 shadow-card sm:px-10">
          <div className="mb-6 text-center">
            <h1 className="text-2xl font-semibold">{title}</h1>
            {subtitle ? <p className="mt-2 text-sm text-zinc-600">{subtitle}</p> : null}
          </div>
          {children}
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-zinc-600">{footer}</div> : null}
      </div>
    </div>
  );
}

export const authLinkClass =
  'rounded font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline';

/** The card of the password reset screens, with the way back to sign-in below it. */
export function ResetCard(props: Omit<Parameters<typeof AuthCard>[0], 'footer' | 'brand'>) {
  return (
    <AuthCard
      {...props}
      footer={
        <Link to="/login" className={authLinkClass}>
          Back to sign in
        </Link>
      }
    />
  );
}

/**
 * Signup, reset and request-reset failures: one error toast per field as
 * "field: message"; otherwise the error's message; otherwise the generic sentence.
 */
export function toastFormError(error: unknown): void {
  const duration = TOAST_AUTH_MS;
  if (isApiError(error) && error.fieldErrors && Object.keys(error.fieldErrors).length > 0) {
    for (const [field, message] of Object.entries(error.fieldErrors)) {
      toast.error(`${field}: ${message}`, { message: '', duration });
    }
    return;
  }
  const message = error instanceof Error && error.message ? error.message : MSG.unexpected;
  toast.error(message, { message: '', duration });
}

/** Signup's and the reset screens' submit: send the values, then go on; a refusal is toasted. */
export function sendThen<T>(send: (values: T) => Promise<unknown>, then: () => void) {
  return async (values: T) => {
    try {
      await send(values);
      then();
    } catch (error) {
      toastFormError(error);
    }
  };
}
