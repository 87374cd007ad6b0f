import { Link } from 'wouter';
import { PageHeader } from '@/web/components/layout/page-header';
import { buttonClasses } from '@/web/components/ui/button';
import { RequireAuth } from '@/web/features/auth/components/require-auth';
import { ChangePasswordForm } from '../components/change-password-form';
import { SessionsList } from '../components/sessions-list';

/** /settings/security: the account's password and the devices signed in to it. */
export function SecurityPage() {
  return (
    <div className="min-h-full">
      <PageHeader title="Security" backTo="/profile" />
      <RequireAuth>
        {() => (
          <div className="flex flex-col gap-8 p-4 pb-24">
            <section aria-labelledby="security-devices" className="flex flex-col gap-3">
              <h2 id="security-devices" className="text-lg font-semibold text-ink">
                Where you're signed in
              </h2>
              <SessionsList />
            </section>
            <section aria-labelledby="security-password" className="flex flex-col gap-3">
              <h2 id="security-password" className="text-lg font-semibold text-ink">
                Change password
              </h2>
              <p className="text-sm text-ink-muted">
                Changing it signs you out on every other device.
              </p>
              <ChangePasswordForm />
            </section>
            <section aria-labelledby="security-delete" className="flex flex-col gap-3">
              <h2 id="security-delete" className="text-lg font-semibold text-ink">
                Delete account
              </h2>
              <p className="text-sm text-ink-muted">
                Your pledges are cancelled and your profile removed. This cannot be undone.
              </p>
              <Link
                href="/settings/delete-account"
                className={buttonClasses('outline', 'md', 'w-full')}
              >
                Delete account
              </Link>
            </section>
          </div>
        )}
      </RequireAuth>
    </div>
  );
}
