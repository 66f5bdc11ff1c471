import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MailCheck } from 'lucide-react';
import { MSG, VERIFY_REDIRECT_MS } from '@cityforge/shared';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from './auth-card';

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const verification = useVerifyEmail(token);
  const toasted = useRef(false);
  const succeeded = verification.isSuccess;

  // The toast is shown once (StrictMode runs effects twice); the redirect timer is re-armed.
  useEffect(() => {
    if (!succeeded) return;
    if (!toasted.current) {
      toasted.current = true;
      toast.success(MSG.verifySuccess, { message: '' });
    }
    const timer = window.setTimeout(() => void navigate('/login'), VERIFY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);

  const returnButton = (
    <Link to="/login" className={buttonClasses('primary', 'md', 'w-full')}>
      Return to Login
    </Link>
  );

  let body;
  if (!token) {
    body = (
      <div className="space-y-5">
        <Alert variant="error" testId="verify-error">
          {MSG.invalidVerificationLink}
        </Alert>
        {returnButton}
      </div>
    );
  } else if (verification.isError) {
    body = (
      <div className="space-y-5">
        <Alert variant="error" testId="verify-error">
          {verification.error.message || MSG.verifyFailed}
        </Alert>
        {returnButton}
      </div>
    );
  } else if (succeeded) {
    body = (
      <Alert variant="success" title="Your email address is verified" testId="verify-success">
        Taking you to the sign-in page…
      </Alert>
    );
  } else {
    body = <LoadingBlock text="Verifying your email..." />;
  }

  return (
    <AuthCard
      title="Email verification"
      subtitle={
        <span className="inline-flex items-center gap-1.5">
          <MailCheck className="size-4 text-brand-600" aria-hidden="true" />
          Confirming the link from your inbox
        </span>
      }
    >
      {body}
    </AuthCard>
  );
}
