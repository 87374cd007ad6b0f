import { type ComponentType, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { LoadErrorBoundary } from '@/web/components/ui/load-error-boundary';
import { NotFoundPage } from '@/web/features/shell/pages/not-found-page';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import { PageFallback } from './layout/page-fallback';
import { ScreenLoadError } from './layout/screen-load-error';

interface LazyPage {
  Component: ComponentType;
  /** Fetches the screen's code; once it is here the screen renders without suspending. */
  preload: () => Promise<unknown>;
  /** The header while the screen's code cannot be loaded (ScreenLoadError). */
  title: string;
}

/** A route's screen as its own chunk, loadable ahead of time by preloadRoute. */
function lazyPage<M extends Record<string, unknown>>(
  title: string,
  load: () => Promise<M>,
  name: keyof M,
): LazyPage {
  const Component = retryableLazy(() =>
    load().then((module) => ({ default: module[name] as ComponentType })),
  );
  return { Component, preload: Component.preload, title };
}

const pages = {
  feed: lazyPage('Feed', () => import('@/web/features/feed/pages/feed-page'), 'FeedPage'),
  profile: lazyPage(
    'Profile',
    () => import('@/web/features/profile/pages/profile-page'),
    'ProfilePage',
  ),
  inbox: lazyPage('Inbox', () => import('@/web/features/inbox/pages/inbox-page'), 'InboxPage'),
  conversation: lazyPage(
    'Inbox',
    () => import('@/web/features/inbox/pages/conversation-page'),
    'ConversationPage',
  ),
  notifications: lazyPage(
    'Notifications',
    () => import('@/web/features/notifications/pages/notifications-page'),
    'NotificationsPage',
  ),
  dare: lazyPage(
    'Dare',
    () => import('@/web/features/dares/pages/dare-detail-page'),
    'DareDetailPage',
  ),
  createDare: lazyPage(
    'Create a Dare',
    () => import('@/web/features/create-dare/pages/create-dare-page'),
    'CreateDarePage',
  ),
  dareRequests: lazyPage(
    'Dare Requests',
    () => import('@/web/features/dare-requests/pages/dare-requests-page'),
    'DareRequestsPage',
  ),
  sendDareRequest: lazyPage(
    'Challenge Someone',
    () => import('@/web/features/dare-requests/pages/send-dare-request-page'),
    'SendDareRequestPage',
  ),
  trending: lazyPage(
    'Trending',
    () => import('@/web/features/trending/pages/trending-page'),
    'TrendingPage',
  ),
  discover: lazyPage(
    'Discover',
    () => import('@/web/features/discover/pages/discover-page'),
    'DiscoverPage',
  ),
  fund: lazyPage('Fund Dare', () => import('@/web/features/fund/pages/fund-page'), 'FundPage'),
  invite: lazyPage(
    'Invitation',
    () => import('@/web/features/invitations/pages/invite-page'),
    'InvitePage',
  ),
  user: lazyPage(
    'Profile',
    () => import('@/web/features/users/pages/user-profile-page'),
    'UserProfilePage',
  ),
  followers: lazyPage(
    'Followers',
    () => import('@/web/features/users/pages/follow-list-page'),
    'FollowersPage',
  ),
  following: lazyPage(
    'Following',
    () => import('@/web/features/users/pages/follow-list-page'),
    'FollowingPage',
  ),
  achievements: lazyPage(
    'Achievements',
    () => import('@/web/features/achievements/pages/achievements-page'),
    'AchievementsPage',
  ),
  verifyEmail: lazyPage(
    'Verify email',
    () => import('@/web/features/account/pages/verify-email-page'),
    'VerifyEmailPage',
  ),
  confirmEmail: lazyPage(
    'Confirm email',
    () => import('@/web/features/account/pages/verify-email-page'),
    'ConfirmEmailPage',
  ),
  forgotPassword: lazyPage(
    'Forgot password',
    () => import('@/web/features/account/pages/forgot-password-page'),
    'ForgotPasswordPage',
  ),
  resetPassword: lazyPage(
    'Choose a new password',
    () => import('@/web/features/account/pages/reset-password-page'),
    'ResetPasswordPage',
  ),
  auth: lazyPage('Log in', () => import('@/web/features/auth/pages/auth-page'), 'AuthPage'),
  payoutOnboarding: lazyPage(
    'Set up payouts',
    () => import('@/web/features/billing/pages/payout-onboarding-page'),
    'PayoutOnboardingPage',
  ),
  security: lazyPage(
    'Security',
    () => import('@/web/features/account/pages/security-page'),
    'SecurityPage',
  ),
  privacy: lazyPage(
    'Privacy & Safety',
    () => import('@/web/features/account/pages/privacy-page'),
    'PrivacyPage',
  ),
  deleteAccount: lazyPage(
    'Delete account',
    () => import('@/web/features/account/pages/delete-account-page'),
    'DeleteAccountPage',
  ),
  moderation: lazyPage(
    'Moderation',
    () => import('@/web/features/moderation/pages/moderation-page'),
    'ModerationPage',
  ),
  moderationLog: lazyPage(
    'Audit log',
    () => import('@/web/features/moderation/pages/moderation-log-page'),
    'ModerationLogPage',
  ),
  pledgePayment: lazyPage(
    'Complete Your Pledge',
    () => import('@/web/features/pledges/pages/pledge-payment-page'),
    'PledgePaymentPage',
  ),
} satisfies Record<string, LazyPage>;

/** The route table of spec section 2. Anything else is the 404 page. */
const routes: ReadonlyArray<readonly [path: string, page: LazyPage]> = [
  ['/', pages.feed],
  ['/profile', pages.profile],
  ['/inbox', pages.inbox],
  ['/inbox/:conversationId', pages.conversation],
  ['/notifications', pages.notifications],
  ['/dares', pages.createDare],
  // Before /dares/:id: an id of 'new' is the create screen (spec route table).
  ['/dares/new', pages.createDare],
  ['/dares/:id', pages.dare],
  ['/dare', pages.createDare],
  ['/dare-requests', pages.dareRequests],
  ['/send-dare-request', pages.sendDareRequest],
  ['/trending', pages.trending],
  ['/discover', pages.discover],
  ['/fund/:id', pages.fund],
  // A challenge's invitation link (DESIGN.md section 6).
  ['/invite/:token', pages.invite],
  ['/users/:userId', pages.user],
  ['/users/:userId/followers', pages.followers],
  ['/users/:userId/following', pages.following],
  ['/achievements', pages.achievements],
  ['/settings/security', pages.security],
  // Issue 21: 'Show R-rated dares' and the blocked accounts.
  ['/settings/privacy', pages.privacy],
  ['/settings/delete-account', pages.deleteAccount],
  ['/auth', pages.auth],
  ['/login', pages.auth],
  // The links of account emails (issue 20): verification and password reset.
  ['/verify-email', pages.verifyEmail],
  ['/confirm-email', pages.confirmEmail],
  ['/forgot-password', pages.forgotPassword],
  ['/reset-password', pages.resetPassword],
  ['/pledge/:pledgeId/payment', pages.pledgePayment],
  // Moderators only (issue 21); everyone else sees the not-found page there.
  ['/moderation', pages.moderation],
  ['/moderation/log', pages.moderationLog],
  // The simulated gateway's onboarding link (decision 0006); Stripe hosts its own.
  ['/payouts/onboarding', pages.payoutOnboarding],
];

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (pattern === '/') return pathname === '/';
  return (
    want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i])
  );
}

const routeOf = (pathname: string) => routes.find(([pattern]) => matches(pattern, pathname))?.[1];

/** Starts downloading the screen for `pathname` (used while the splash shows). */
export function preloadRoute(pathname: string) {
  void routeOf(pathname)
    ?.preload()
    .catch(() => undefined);
}

/** Old share links used the singular /dare/{id}. */
function LegacyDareRedirect() {
  const { id } = useParams<{ id: string }>();
  return <Redirect to={`/dares/${encodeURIComponent(id)}`} replace />;
}

export function AppRoutes() {
  const [location] = useLocation();
  // Inside the layout's <main>: a screen that fails leaves the navigation in place, and the
  // next screen (a new path) starts over.
  return (
    <LoadErrorBoundary
      resetKey={location}
      fallback={(retry) => (
        <ScreenLoadError title={routeOf(location)?.title ?? 'Darefund'} onRetry={retry} />
      )}
    >
      <Suspense fallback={<PageFallback />}>
        <Switch>
          {routes.map(([path, page]) => (
            <Route key={path} path={path} component={page.Component} />
          ))}
          <Route path="/dare/:id" component={LegacyDareRedirect} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </LoadErrorBoundary>
  );
}
