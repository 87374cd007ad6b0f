import { type ComponentType, lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useParams } from 'wouter';
import { NotFoundPage } from '@/web/features/shell/pages/not-found-page';
import { PageFallback } from './layout/page-fallback';

type Loader = () => Promise<Record<string, unknown>>;

interface LazyPage {
  Component: ComponentType;
  preload: Loader;
}

/** A route's screen as its own chunk, loadable ahead of time by preloadRoute. */
function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M,
): LazyPage {
  return {
    Component: lazy(() => load().then((module) => ({ default: module[name] as ComponentType }))),
    preload: load,
  };
}

const pages = {
  feed: lazyPage(() => import('@/web/features/feed/pages/feed-page'), 'FeedPage'),
  profile: lazyPage(() => import('@/web/features/profile/pages/profile-page'), 'ProfilePage'),
  inbox: lazyPage(() => import('@/web/features/inbox/pages/inbox-page'), 'InboxPage'),
  conversation: lazyPage(
    () => import('@/web/features/inbox/pages/conversation-page'),
    'ConversationPage',
  ),
  notifications: lazyPage(
    () => import('@/web/features/notifications/pages/notifications-page'),
    'NotificationsPage',
  ),
  dare: lazyPage(() => import('@/web/features/dares/pages/dare-detail-page'), 'DareDetailPage'),
  createDare: lazyPage(
    () => import('@/web/features/create-dare/pages/create-dare-page'),
    'CreateDarePage',
  ),
  dareRequests: lazyPage(
    () => import('@/web/features/dare-requests/pages/dare-requests-page'),
    'DareRequestsPage',
  ),
  sendDareRequest: lazyPage(
    () => import('@/web/features/dare-requests/pages/send-dare-request-page'),
    'SendDareRequestPage',
  ),
  trending: lazyPage(() => import('@/web/features/trending/pages/trending-page'), 'TrendingPage'),
  discover: lazyPage(() => import('@/web/features/discover/pages/discover-page'), 'DiscoverPage'),
  fund: lazyPage(() => import('@/web/features/fund/pages/fund-page'), 'FundPage'),
  invite: lazyPage(() => import('@/web/features/invitations/pages/invite-page'), 'InvitePage'),
  user: lazyPage(() => import('@/web/features/users/pages/user-profile-page'), 'UserProfilePage'),
  followers: lazyPage(() => import('@/web/features/users/pages/follow-list-page'), 'FollowersPage'),
  following: lazyPage(() => import('@/web/features/users/pages/follow-list-page'), 'FollowingPage'),
  achievements: lazyPage(
    () => import('@/web/features/achievements/pages/achievements-page'),
    'AchievementsPage',
  ),
  auth: lazyPage(() => import('@/web/features/auth/pages/auth-page'), 'AuthPage'),
  payoutOnboarding: lazyPage(
    () => import('@/web/features/billing/pages/payout-onboarding-page'),
    'PayoutOnboardingPage',
  ),
  pledgePayment: lazyPage(
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
  ['/auth', pages.auth],
  ['/login', pages.auth],
  ['/pledge/:pledgeId/payment', pages.pledgePayment],
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

/** Starts downloading the screen for `pathname` (used while the splash shows). */
export function preloadRoute(pathname: string) {
  const route = routes.find(([pattern]) => matches(pattern, pathname));
  void route?.[1].preload().catch(() => undefined);
}

/** Old share links used the singular /dare/{id}. */
function LegacyDareRedirect() {
  const { id } = useParams<{ id: string }>();
  return <Redirect to={`/dares/${encodeURIComponent(id)}`} replace />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        {routes.map(([path, page]) => (
          <Route key={path} path={path} component={page.Component} />
        ))}
        <Route path="/dare/:id" component={LegacyDareRedirect} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
