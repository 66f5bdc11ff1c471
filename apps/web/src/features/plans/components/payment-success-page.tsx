import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { MSG, PAYMENT_REDIRECT_MS } from '@cityforge/shared';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useAuth } from '../../../lib/auth-store';
import { usePaymentStatus } from '../api/payment-status';
import { paymentOutcome, type PaymentOutcome } from '../payment-outcome';

type Settled = Exclude<PaymentOutcome, 'checking'>;

const TARGET: Record<Settled, string> = {
  subscribed: '/projects',
  unsubscribed: '/plans',
  'signed-out': '/login',
};

function announce(outcome: Settled) {
  if (outcome === 'subscribed') toast.success(MSG.paymentSuccess);
  else if (outcome === 'unsubscribed') toast.error(MSG.paymentProcessing);
  else toast.error(MSG.paymentSignInNeeded);
}

const COPY: Record<Settled, { title: string; text: string }> = {
  subscribed: { title: 'Thank you!', text: 'Your plan is active. Taking you to your projects…' },
  unsubscribed: {
    title: 'Almost there',
    text: "We haven't received the confirmation yet. Taking you back to Plans & Billing…",
  },
  'signed-out': {
    title: 'Please sign in',
    text: 'This browser has no session for your account. Taking you to the sign-in screen…',
  },
};

/**
 * /payment-success, outside the layout: re-reads the user; subscribed → success toast and
 * /projects after 2 s, otherwise the "still processing" toast and /plans after 2 s; without a
 * session, a sign-in toast and /login after 2 s. It never waits without an end.
 */
export default function PaymentSuccessPage() {
  const navigate = useNavigate();
  const auth = useAuth();
  const status = usePaymentStatus(!auth.loading && auth.user !== null);
  const outcome = paymentOutcome({
    sessionLoading: auth.loading,
    sessionUser: auth.user,
    status: { user: status.data, failed: status.isError },
  });
  const toasted = useRef(false);

  useEffect(() => {
    if (outcome === 'checking') return;
    if (!toasted.current) {
      toasted.current = true;
      announce(outcome);
    }
    const timer = window.setTimeout(
      () => void navigate(TARGET[outcome], { replace: true }),
      PAYMENT_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white px-6 py-10 text-center shadow-card">
        {outcome === 'checking' ? (
          <LoadingBlock text="Confirming your payment..." className="py-0" />
        ) : (
          <div role="status" className="space-y-2" data-outcome={outcome}>
            <h1 className="text-xl font-semibold">{COPY[outcome].title}</h1>
            <p className="text-zinc-600">{COPY[outcome].text}</p>
          </div>
        )}
      </div>
    </main>
  );
}
