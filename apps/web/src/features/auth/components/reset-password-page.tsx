import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BAD_RESET_TOKEN_REDIRECT_MS, MSG, ZResetPasswordRequest } from '@cityforge/shared';
import type { TResetPasswordRequest } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useResetPassword } from '../api/reset-password';
import { useVerifyPasswordReset } from '../api/verify-password-reset';
import { ResetCard, sendThen } from './auth-card';

/** Token validity as the spec tracks it: unknown while checking, then true or false. */
function useTokenValidity(token: string | null): boolean | null {
  const check = useVerifyPasswordReset(token);
  if (!token) return false;
  if (check.isError) return false;
  if (check.isSuccess) return check.data.valid;
  return null;
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const valid = useTokenValidity(token);
  const resetMutation = useResetPassword(token ?? '');
  const warned = useRef(false);
  const form = useForm<TResetPasswordRequest>({
    resolver: zodResolver(ZResetPasswordRequest),
    defaultValues: { password: '', confirmPassword: '' },
  });

  // Missing or invalid token: one error toast, then /login after 1.5 s.
  useEffect(() => {
    if (valid !== false) return;
    if (!warned.current) {
      warned.current = true;
      toast.error(token ? MSG.invalidOrMissingResetToken : MSG.resetTokenMissing, { message: '' });
    }
    const timer = window.setTimeout(() => void navigate('/login'), BAD_RESET_TOKEN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [valid, token, navigate]);

  const onSubmit = form.handleSubmit(
    sendThen(resetMutation.mutateAsync, () => {
      toast.success(MSG.resetSuccess, { message: '' });
      void navigate('/login');
    }),
  );

  const busy = resetMutation.isPending;
  return (
    <ResetCard
      title="Reset your password"
      subtitle="Choose a new password of at least 6 characters."
    >
      {valid === null ? (
        <LoadingBlock text="Checking your reset link..." />
      ) : valid === false ? (
        <p className="text-center text-sm text-zinc-600" role="status">
          This reset link can&apos;t be used. Taking you to the sign-in page…
        </p>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
          <NewPasswordFields form={form} label="New password" autoFocus />
          <Button type="submit" className="w-full" loading={busy}>
            {busy ? 'Resetting password...' : 'Reset Password'}
          </Button>
        </form>
      )}
    </ResetCard>
  );
}
