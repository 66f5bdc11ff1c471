// Every user-facing message the spec names, written exactly as the spec gives it. Server
// and web import these so the wording lives in one place.
export const MSG = {
  emailRequired: 'Email is required',
  // NUL and unpaired surrogates: PostgreSQL cannot store them (refused before any route runs).
  unstorableText: 'Text contains characters that cannot be saved (NUL or unpaired surrogates).',
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
  passwordTooCommon:
    'This password is one of the most common passwords and easy to guess. Please choose another.',
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
  // Administration
  userCreated: 'User created successfully',
  userUpdated: 'User updated successfully',
  userDeleted: 'User deleted successfully',
  userDeletedServer: 'User has been deleted successfully',
  createUserFailed: 'Failed to create user',
  updateUserFailed: 'Failed to update user',
  deleteUserFailed: 'Failed to delete user',
  fetchUsersFailed: 'Failed to fetch users',
  fetchKpisFailed: 'Failed to fetch user statistics',
  fetchUserProjectsFailed: 'Failed to fetch user projects',
  adminBillingHistoryFailed: 'Failed to fetch admin billing history',
  userNotFound: 'User not found.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotRemoveOwnBypass:
    'You cannot remove Admin Bypass from your own account: without a plan you would lose administration.',
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
  paidSubscriptionActive:
    'You have a paid subscription. Use Manage Subscription to change or cancel it.',
  paymentProviderFailed: 'The payment provider could not be reached. Please try again.',
  webhooksNotConfigured: 'Stripe webhooks are not configured on this server.',
  stripeSignatureMissing: 'Missing Stripe-Signature header.',
  stripeSignatureInvalid: 'The Stripe signature does not match the request body.',
  choosePlanForProjects: 'Choose a plan on the Plans page to create projects.',
  choosePlanForCityPages: 'Choose a plan on the Plans page to add city pages.',
  // Projects
  projectNameRequired: 'Name is required',
  serviceTypeRequired: 'Service type is required',
  modelRequired: 'Model is required',
  unknownModel: 'Choose a model from the list',
  phoneInvalid: 'Enter a valid phone number',
  domainRequired: 'Domain Required: Please enter a domain name.',
  domainNoWww: 'Enter the domain without www (for example example.com)',
  domainNoProtocol: 'Enter the domain without http:// or https://',
  domainInvalid: 'Enter a valid domain name, such as example.com',
  apiKeysRequired:
    "API Keys Required: You haven't added your API keys. Please add them in your profile settings.",
  projectCreated: 'Project Created',
  projectCreatedMessage: 'Your project has been created successfully!',
  createProjectFailed: 'Failed to create project. Please try again.',
  fetchProjectsFailed: 'Failed to fetch projects',
  fetchModelsFailed: 'Failed to fetch ai models',
  fetchProjectFailed: 'Failed to fetch project',
  deleteProjectFailed: 'Failed to delete project',
  updateHeaderLinksFailed: 'Failed to update header links',
  updateSettingsFailed: 'Failed to update project settings',
  settingsUpdated: 'Project settings updated successfully',
  deletePageFailed: 'Failed to delete page',
  deleteCityFailed: 'Failed to delete city',
  pageDeleted: 'Page has been deleted successfully',
  cityDeleted: 'City has been deleted successfully',
  // The quality gate.
  cityApproved: 'Page approved: it is published for search engines as it is',
  cityApprovalWithdrawn: 'Approval withdrawn: the quality gate decides again',
  cityNotWrittenYet: 'This city page has not been written yet',
  approveCityFailed: 'Failed to change the approval',
  // Staged releases.
  releasePaused: 'Releases paused: no new batch goes out until you resume',
  releaseResumed: 'Releases resumed',
  releaseNotStaged: 'This project releases every page at once; set pages per day in its settings',
  releaseAllStarted: 'Releasing every city page - Deploying all written city pages now.',
  releaseAllDone: 'All city pages released - Every written city page is live.',
  releaseFailed: 'Failed to change the release',
  // Monthly spending caps. A page held by a cap stays queued with this reason.
  spendingCapReached: 'Monthly spending cap reached',
  spendingCapInvalid: 'The spending cap is a dollar amount of 0 or more, with at most 2 decimals',
  projectDeleted: 'Project has been deleted successfully',
  projectNotFoundTitle: 'Project Not Found',
  // Workspaces and their members.
  workspaceNotFound: 'Workspace not found.',
  memberNotFound: 'That person is not a member of this workspace.',
  roleTooLow: 'Your role in this workspace does not allow this. Ask an admin of the workspace.',
  lastOwnerCannotLeave:
    'A workspace needs an owner: make someone else an owner before the last one leaves.',
  accountMemberStays:
    "The workspace's account holder stays in it: their keys and plan are the workspace's.",
  onlyOwnerGrantsOwner: 'Only an owner can make someone an owner or change an owner’s role.',
  workspaceSwitched: 'Workspace switched.',
  workspaceRenamed: 'Workspace renamed.',
  workspaceKeysSaved: "Workspace keys saved - The workspace's projects use them from now on.",
  workspaceGone: 'You are no longer a member of that workspace.',
  memberRoleChanged: 'Role changed.',
  memberRemoved: 'Member removed.',
  workspaceLeft: 'You left the workspace.',
  clientNotMember: 'Share a project only with a client of this workspace.',
  projectShared: 'The project is shared with the client.',
  projectUnshared: 'The project is no longer shared with the client.',
  // Invitations and API tokens.
  invitationSent: 'Invitation sent.',
  invitationResent: 'Invitation sent again; the earlier link no longer works.',
  invitationRevoked: 'Invitation revoked.',
  invitationNotFound: 'This invitation link is not valid. Ask for a new invitation.',
  invitationExpired: 'This invitation has expired. Ask the workspace admin to send it again.',
  invitationWasRevoked: 'This invitation was revoked. Ask the workspace admin for a new one.',
  invitationUsed: 'This invitation has already been used.',
  invitationWrongEmail:
    'This invitation was sent to another e-mail address. Sign in with the address it was sent to.',
  invitationAccepted: 'You joined the workspace.',
  invitationAlreadyMember: 'That person is already a member of this workspace.',
  invitationResendTooSoon: 'The invitation was just sent. Wait a minute before sending it again.',
  invitationResendDailyLimit:
    'This invitation was sent 5 times. Send it again a day after the last send, or revoke it and invite again.',
  onlyOwnerInvitesOwner: 'Only an owner can invite an owner.',
  apiTokenNameRequired: 'Give the token a name',
  apiTokenCreated: 'API token created. Copy it now: it is not shown again.',
  apiTokenRevoked: 'API token revoked.',
  apiTokenNotFound: 'API token not found.',
  apiTokenForbiddenForClients: 'Clients cannot create API tokens.',
  apiTokenNeedsSession: 'Manage API tokens from a signed-in session, not with an API token.',
  apiTokenInvalid: 'This API token is not valid: it was revoked, or its owner left the workspace.',
  // Client review, branding and notifications.
  reviewRecorded: 'Thank you: your review is recorded.',
  reviewClientsOnly: 'Only the client a project is shared with approves its pages.',
  reviewPageNotFound: 'That page is not written yet, or is not part of this project.',
  reviewPageChanged: 'This page changed since you opened it: look at the new version first.',
  brandingSaved: 'Branding saved.',
  poweredByPaidOnly: 'Hiding “powered by” is part of the paid plans. Upgrade to turn it off.',
  notificationsSaved: 'Notification settings saved.',
  projectNotFoundBody:
    "The project you're looking for doesn't exist or you don't have access to it.",
  projectCompleted: 'Project completed!',
  homepageNotDeletable: 'The homepage cannot be deleted',
  domainUpdated: 'Your domain has been successfully updated.',
  domainUpdateFailed: 'Domain Update Failed - Failed to update domain. Please try again.',
  // Error page
  somethingWrong: 'Something went wrong',
  tryRefreshing: 'Please try refreshing the page.',
  // Web wording the spec leaves open (it names a "success toast" without its text).
  profileUpdated: 'Profile updated',
  maskedKeyEdited: 'Paste the whole key, or clear the field to remove it.',
  paymentSuccess: 'Payment successful - Your subscription is now active.',
  paymentSignInNeeded:
    'Please sign in - This browser has no session for your account. Sign in to see your plan.',
  // Projects (web): spec texts the screens show, and the titles the spec leaves open.
  noProjects: 'No projects found',
  noProjectsHint: 'Try a different search term or create a new project.',
  deploymentStarted:
    'Deployment Started - Your project is being deployed to Netlify. This may take a few minutes.',
  deploymentSuccessful:
    'Deployment Successful - Your project has been successfully deployed to Netlify.',
  deploymentFailed: 'Deployment Failed - Failed to deploy to Netlify. Please try again.',
  publishFailed: 'Failed to publish project',
  domainUpdatedTitle: 'Domain Updated',
  domainUpdateFailedCard: 'Domain update failed',
  domainVerifiedTitle: 'Domain Verified',
  domainVerified: 'Your domain has been successfully verified.',
  domainVerificationFailed: 'Domain verification failed',
  domainVerifyFailed: 'Failed to verify domain. Please try again.',
  addCustomDomainFailed: 'Failed to add custom domain',
  domainHint:
    'Enter your main domain without www and without http:// or https:// (for example example.com).',
  dnsPropagation: 'DNS changes may take up to 48 hours to propagate.',
  validationErrorTitle: 'Validation Error',
  errorTitle: 'Error',
  retryProjectFailed: 'Failed to retry project',
  retryPageFailed: 'Failed to retry project page',
  retryCityFailed: 'Failed to retry project city',
  projectRetryInitiated: 'Project retry initiated',
  pageRetryInitiated: 'Project page retry initiated',
  cityRetryInitiated: 'Project city retry initiated',
  createPageFailed: 'Failed to create page',
  pageCreated: 'Page Added - The page is being generated and will appear shortly.',
  notDeployed: 'Not Deployed to Netlify',
  settingsProjectNotFound: 'Project not found',
  menuSaved: 'Menu configuration saved',
  // Upload and location previews: the upload screens' warnings as the product words them.
  invalidFileType: 'Invalid File Type - Only CSV and Excel files (.csv, .xlsx, .xls) are allowed.',
  noFilesSelected: 'No Files Selected - Please select at least one file to upload.',
  projectRequired: 'Project Required - Please select a project for the upload.',
  modelRequiredToast: 'Model Required - Please select a model.',
  uploadFailed: 'Upload Failed - Failed to upload files. Please try again.',
  simpleUploadFailed: 'Failed to upload file. Please try again later.',
  sampleDownloadFailed: 'Download Failed - Failed to download sample file. Please try again.',
  // The spec names these toasts without their wording.
  sampleDownloaded: 'Sample Downloaded - Fill it in with your service areas and upload it.',
  uploadComplete: 'Upload Complete - Your city pages are being generated.',
  projectIdRequired: 'Project ID is required',
  stateNotFound: 'Project ID or State ID not found',
  errorLoadingProject: 'Error Loading Project',
  similarRegenerating: 'Regenerating the pages that were too similar',
  factsChangedRewriting: 'Rewriting the pages whose facts changed',
  rewriteChangedFailed: 'Failed to rewrite the changed pages',
  // The facts panel and the export of a project's places (local proof).
  factsSaved: 'Facts Saved - Rewrite the page to carry them.',
  factsSaveFailed:
    'Facts Not Saved - Nothing you typed is lost; fix what is marked and save again.',
  factsLoadFailed: 'Could not load the facts',
  exportDownloaded: 'Export Downloaded - Fill in the blank cells and upload it again.',
  exportFailed: 'Export Failed - Failed to download the export. Please try again.',
  regenerateSimilarFailed: 'Failed to regenerate similar pages',
  noSimilarPages: 'No similar pages to regenerate',
  fileTooLarge: 'File Too Large',
  // Publishing: the product names the toasts; these are the server's own words.
  netlifyTokenMissing:
    'Add your Netlify access token in your profile (Profile › Netlify access token) to deploy.',
  netlifyTokenRejected:
    'Netlify rejected your access token. Update it in your profile and deploy again.',
  deployAlreadyRunning: 'A deployment of this project is already running.',
  netlifyRateLimited:
    'Netlify kept refusing calls with this access token (HTTP 429: its rate limit, still reached after 6 waits). Wait a few minutes and try again.',
  // {limit} deploys per {window} ("minute"); {wait} ("40 s") until the next try.
  netlifyDeployWaiting:
    "Waiting for Netlify's deploy limit ({limit} per {window} with one access token): next try in about {wait}.",
  nothingToPublish: 'Nothing to publish yet: the homepage has not been written.',
  netlifySiteDeleted: 'Netlify site deleted',
  deleteNetlifyFailed: 'Failed to delete netlify url',
  siteUrlUnknown: 'That Netlify URL does not belong to this project.',
  domainNotSet: 'Add a domain before verifying it.',
  deployFirst: 'Deploy to Netlify first: the DNS records point at the Netlify site.',
  deployInterrupted:
    'The deployment stopped before it finished (its worker went away). Deploy again.',
  domainNotVerified: 'Some DNS records are missing or wrong.',
  siteDownloaded: 'Site Downloaded - The ZIP holds every page, ready to host anywhere.',
  // Editors: the toasts the product names without wording them.
  saveFailed: 'Failed to save',
  regenerateFailed: 'Failed to regenerate',
  loadVersionFailed: 'Failed to load version',
  formatFailed: 'Failed to format code',
  updateHtmlFailed: 'Failed to update HTML content',
  errorLoadingEditor: 'Error Loading Editor',
  savedSuccessfully: 'Saved successfully',
  componentRegenerated: 'Component regenerated',
  versionLoaded: 'Version loaded',
  htmlSaved: 'HTML saved',
  clearAllContent: 'Clear All Content',
  regenerateSelected: 'Regenerate Selected Component',
  pageSaved: 'Page saved successfully.',
  pageNotWritten: 'This page is still being generated.',
  versionNotFound: 'Version not found.',
  // Regenerated pages beside hand-edited ones.
  pageRegenerating:
    'Regenerating the page: the new version will appear beside yours to compare before anything changes.',
  regeneratePageFailed: 'Failed to regenerate the page',
  proposalNotFound: 'No regenerated version is waiting for this page.',
  proposalUsed: 'The regenerated version is now the page; yours is kept among the versions.',
  proposalSetAside: 'Your page stays as it is; the regenerated version is kept among the versions.',
  proposalPickFailed: 'Failed to apply your choice',
  offlineCannotRegenerate:
    'Offline draft cannot follow a prompt. Choose an AI model (add an OpenRouter or OpenAI key in your profile).',
  openAiKeyMissingForImages:
    'Add your OpenAI API key in your profile (Profile › OpenAI API key) to generate images.',
  imageGenerated: 'Image generated',
  imageFailed: 'Failed to generate image',
  tooManyImages:
    'This project has 50,000 images, as many as its site can hold in one folder on Netlify. Reuse one of them.',
} as const;

/** The TXT record that proves domain ownership (a fixed product value). */
export const DNS_TXT_RECORD = {
  name: 'netlify-challenge',
  value: 'cityforge-verification',
} as const;

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

type NextPlan = { name: string; limit: number | null } | null;

/**
 * Plan-limit refusals: each names the limit, the numbers and the plan that lifts it,
 * so the user knows what to do without reading the pricing table.
 */
export const PLAN_LIMIT_MSG = {
  projects(plan: string, limit: number, next: NextPlan): string {
    const lift = next
      ? ` Upgrade to ${next.name} for ${next.limit === null ? 'unlimited projects' : count(next.limit, 'project')}.`
      : ' Delete a project to create another.';
    return `Your ${plan} plan allows ${count(limit, 'project')}.${lift}`;
  },
  cityPages(
    plan: string,
    limit: number,
    used: number,
    adding: number,
    resetsOn: string,
    next: NextPlan,
  ): string {
    const left = Math.max(0, limit - used);
    const lift = next
      ? ` Upgrade to ${next.name} for ${next.limit === null ? 'unlimited city pages' : count(next.limit, 'city page')} a month.`
      : '';
    return (
      `This upload adds ${count(adding, 'city page')}, but your ${plan} plan allows ` +
      `${count(limit, 'city page')} a month and ${left.toLocaleString('en-US')} ` +
      `${left === 1 ? 'is' : 'are'} left this month (${used.toLocaleString('en-US')} used; ` +
      `the count starts again on ${resetsOn}).${lift}`
    );
  },
} as const;
