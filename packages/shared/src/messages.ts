// Every user-facing message the spec names, written exactly as the spec gives it. Server
// and web import these so the wording lives in one place.
export const MSG = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  emailInvalidRegistration: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'The passwords do not match',
  passwordsMismatchRegistration: 'Passwords do not match',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  resetTokenMissing: 'Reset token is missing',
  invalidCredentials: 'Invalid email or password',
  invalidResetToken: 'Invalid or expired reset token',
  invalidOrMissingResetToken: 'Invalid or missing reset token',
  invalidVerificationLink: 'Invalid verification link. No token provided.',
  verifyFailed: 'Failed to verify email. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  validationFailed: 'Validation failed',
  anErrorOccurred: 'An error occurred',
  noRefreshToken: 'No refresh token available',
  refreshFailed: 'Failed to refresh token',
  signupSuccess: 'Account created successfully! Please check your email for verification.',
  verifySuccess: 'Email verified successfully! You can now log in.',
  resetRequestNeutral:
    'If an account exists with this email, you will receive a password reset link.',
  resetSuccess: 'Password has been reset successfully!',
  // Server-side wording the spec leaves open ("not shown"); see docs/decisions.md.
  emailNotVerified:
    'Please verify your email before signing in. We have sent you a new verification link.',
  emailTaken: 'An account with this email already exists',
  invalidVerificationToken: 'This verification link is invalid or has expired.',
  emailVerified: 'Email verified successfully',
  loggedOut: 'Logged out',
  invalidRefreshToken: 'Invalid or expired refresh token',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  notAuthenticated: 'Authentication credentials were not provided.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  // Profile
  profileValidation: 'Validation Error - Please fix the errors below.',
  profileUpdateFailed: 'Update Failed - Failed to update profile. Please try again.',
  emailNotEditable: 'Email cannot be changed',
  // Plans and billing
  plansLoadFailed: 'Failed to load plans',
  noPlans: 'No plans available',
  fetchPlansFailed: 'Failed to fetch plans',
  subscribeFailed: 'Failed to subscribe to plan',
  manageFailed: 'Failed to manage subscription',
  billingHistoryFailed: 'Failed to fetch billing history',
  paymentProcessing:
    'Payment Processing - Your payment is still being processed. Please wait a moment and try again.',
  paymentsNotConfigured:
    'Payments are not configured on this server yet. Choose the Free plan, or ask the administrator to set up Stripe.',
  noSubscriptionToManage: 'You have no paid subscription to manage.',
  // Error page
  somethingWrong: 'Something went wrong',
  tryRefreshing: 'Please try refreshing the page.',
  // Web wording the spec leaves open (it names a "success toast" without its text).
  profileUpdated: 'Profile updated',
  maskedKeyEdited: 'Paste the whole key, or clear the field to remove it.',
  paymentSuccess: 'Payment successful - Your subscription is now active.',
} as const;
