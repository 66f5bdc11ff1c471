import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { MSG, PAYMENT_REDIRECT_MS } from '@cityforge/shared';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { usePaymentStatus } from '../api/payment-status';

/**
 * /payment-success, outside the layout: re-reads the user; subscribed → success toast and
 * /projects after 2 s, otherwise the "still processing" toast and /plans after 2 s.
 */
export default function PaymentSuccessPage() {
  const navigate = useNavigate();
  const status = usePaymentStatus();
  const toasted = useRef(false);
  const settled = status.isSuccess || status.isError;
  const subscribed = status.isSuccess && (status.data.isSubscribed || status.data.adminBypass);

  useEffect(() => {
    if (!settled) return;
    if (!toasted.current) {
      toasted.current = true;
      if (subscribed) toast.success(MSG.paymentSuccess);
      else toast.error(MSG.paymentProcessing);
    }
    const target = subscribed ? '/projects' : '/plans';
    const timer = window.setTimeout(
      () => void navigate(target, { replace: true }),
      PAYMENT_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [settled, subscribed, navigate]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white px-6 py-10 text-center shadow-card">
        {!settled ? (
          <LoadingBlock text="Confirming your payment..." className="py-0" />
        ) : subscribed ? (
          <div role="status" className="space-y-2">
            <h1 className="text-xl font-semibold">Thank you!</h1>
            <p className="text-zinc-600">Your plan is active. Taking you to your projects…</p>
          </div>
        ) : (
          <div role="status" className="space-y-2">
            <h1 className="text-xl font-semibold">Almost there</h1>
            <p className="text-zinc-600">
              We haven&apos;t received the confirmation yet. Taking you back to Plans &amp; Billing…
            </p>
          </div>
        )}
      </div>
    </main>
  );
}
