import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, ZLoginForm } from '@cityforge/shared';
import type { TLoginForm } from '@cityforge/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormTextField } from '../../../components/forms/form-field';
import { Checkbox } from '../../../components/ui/input';
import { startSession } from '../../../lib/auth-store';
import { useLogin } from '../api/login';
import { AuthEmailField } from './auth-email-field';
import { AuthCard, authLinkClass } from './auth-card';

/** Where sign-in goes: back to an invitation's page when it sent the user here, else the projects. */
export function afterSignIn(next: string | null): string {
  return next && /^\/invitations\/[A-Za-z0-9_-]+$/.test(next) ? next : '/projects';
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const loginMutation = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TLoginForm>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const response = await loginMutation.mutateAsync({
        email: values.email,
        password: values.password,
        rememberMe: !!values.rememberMe,
      });
      if (!startSession(response, !!values.rememberMe)) {
        setFailure(MSG.invalidCredentials);
        return;
      }
      void navigate(afterSignIn(search.get('next')), { replace: true });
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : MSG.invalidCredentials);
    }
  });

  const busy = loginMutation.isPending;
  return (
    <AuthCard
      brand
      title="Sign in to your account"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className={authLinkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
        {failure ? (
          <Alert variant="error" testId="login-error">
            {failure}
          </Alert>
        ) : null}
        <AuthEmailField form={form} />
        <FormTextField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox label="Remember me" {...form.register('rememberMe')} />
          <Link to="/request-password-reset" className={`${authLinkClass} text-sm`}>
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
