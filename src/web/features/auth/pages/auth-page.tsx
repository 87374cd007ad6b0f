import { Redirect, useSearch } from 'wouter';
import { PageFallback } from '@/web/app/layout/page-fallback';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { safeRedirect } from '@/web/lib/safe-redirect';
import { useCurrentUser } from '../api/get-current-user';
import { AuthHero } from '../components/auth-hero';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';

export function AuthPage() {
  const params = new URLSearchParams(useSearch());
  const redirectTo = safeRedirect(params.get('redirectTo'));
  const { data: user, isPending } = useCurrentUser();

  // Signed in already, or just now through one of the forms: go where the visitor was headed.
  if (user) return <Redirect to={redirectTo} replace />;
  if (isPending) return <PageFallback />;

  return (
    <div className="flex flex-1 flex-col pb-[max(1.5rem,env(safe-area-inset-bottom))]">
      <AuthHero />
      <Tabs
        defaultValue={params.get('tab') === 'register' ? 'register' : 'login'}
        className="flex flex-col gap-5 px-5"
      >
        <TabsList aria-label="Log in or register">
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
        </TabsList>
        <TabsContent value="login" className="flex flex-col gap-4">
          <div>
            <h2 className="text-xl font-bold text-ink">Welcome back</h2>
            <p className="text-sm text-ink-muted">Log in to pledge, vote and take on dares.</p>
          </div>
          <LoginForm />
        </TabsContent>
        <TabsContent value="register" className="flex flex-col gap-4">
          <div>
            <h2 className="text-xl font-bold text-ink">Create your account</h2>
            <p className="text-sm text-ink-muted">Post dares, back friends and earn rewards.</p>
          </div>
          <RegisterForm />
        </TabsContent>
      </Tabs>
    </div>
  );
}
