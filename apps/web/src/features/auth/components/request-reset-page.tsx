import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, RESET_REQUEST_REDIRECT_MS, ZRequestPasswordReset } from '@cityforge/shared';
import type { TRequestPasswordReset } from '@cityforge/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthEmailField } from './auth-email-field';
import { ResetCard, sendThen } from './auth-card';

export default function RequestResetPage() {
  const navigate = useNavigate();
  const requestMutation = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const form = useForm<TRequestPasswordReset>({
    resolver: zodResolver(ZRequestPasswordReset),
    defaultValues: { email: '' },
  });

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => void navigate('/login'), RESET_REQUEST_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  const onSubmit = form.handleSubmit(sendThen(requestMutation.mutateAsync, () => setSent(true)));

  const busy = requestMutation.isPending;
  return (
    <ResetCard
      title="Forgot your password?"
      subtitle="Enter your email and we'll send you a link to reset it."
    >
      {sent ? (
        <Alert variant="success" testId="reset-request-sent">
          {MSG.resetRequestNeutral}
        </Alert>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
          <AuthEmailField form={form} />
          <Button type="submit" className="w-full" loading={busy}>
            {busy ? 'Sending reset link...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </ResetCard>
  );
}
