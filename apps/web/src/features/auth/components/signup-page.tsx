import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, TOAST_AUTH_MS, ZSignupForm } from '@cityforge/shared';
import type { TSignupForm } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { toast } from '../../../components/ui/toast';
import { useSignup } from '../api/signup';
import { AuthEmailField } from './auth-email-field';
import { AuthCard, authLinkClass, sendThen } from './auth-card';

export default function SignupPage() {
  const navigate = useNavigate();
  const signupMutation = useSignup();
  const form = useForm<TSignupForm>({
    resolver: zodResolver(ZSignupForm),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(
    sendThen(signupMutation.mutateAsync, () => {
      toast.success(MSG.signupSuccess, { message: '', duration: TOAST_AUTH_MS });
      void navigate('/login');
    }),
  );

  const busy = signupMutation.isPending;
  return (
    <AuthCard
      brand
      title="Create your account"
      subtitle="Start building city-level sites in minutes."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
        <AuthEmailField form={form} />
        <NewPasswordFields form={form} hint="At least 6 characters." />
        <Button type="submit" className="w-full" loading={busy}>
          {busy ? 'Creating account...' : 'Sign up'}
        </Button>
      </form>
    </AuthCard>
  );
}
