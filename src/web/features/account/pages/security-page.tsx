import { Link } from 'wouter';
import { PageHeader } from '@/web/components/layout/page-header';
import { buttonClasses } from '@/web/components/ui/button';
import { RequireAuth } from '@/web/features/auth/components/require-auth';
import { ChangeEmailForm } from '../components/change-email-form';
import { ChangePasswordForm } from '../components/change-password-form';
import { ExportDataSection } from '../components/export-data-section';
import { SessionsList } from '../components/sessions-list';

/** /settings/security: the account's password, the devices signed in to it, and its data to take along. */
export function SecurityPage() {
  return (
    <div className="min-h-full">
      <PageHeader title="Security" backTo="/profile" />
      <RequireAuth>
        {(user) => (
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
            <section aria-labelledby="security-email" className="flex flex-col gap-3">
              <h2 id="security-email" className="text-lg font-semibold text-ink">
                Change email
              </h2>
              <p className="text-sm text-ink-muted">
                We send a link to the new address; it takes effect when you open it.
              </p>
              <ChangeEmailForm current={user.email} />
            </section>
            <ExportDataSection />
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
