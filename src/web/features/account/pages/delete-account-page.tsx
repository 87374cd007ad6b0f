import { PageHeader } from '@/web/components/layout/page-header';
import { RequireAuth } from '@/web/features/auth/components/require-auth';
import { DeleteAccountForm } from '../components/delete-account-form';

/** What deleting does, in the order it happens (issue 20 item 4, decision 0046). */
const CONSEQUENCES = [
  'Your pledges are cancelled and the holds on your card released: you are not charged for them.',
  'Your dares that are still funding are cancelled, and their backers are told.',
  'Dares that were completed, your comments and your messages stay, shown as by "Deleted user".',
  'Your profile, picture and saved cards are removed, and you are signed out everywhere.',
  'Your email address and username become free again. We email you a confirmation.',
];

/** /settings/delete-account: what happens, then the password and the destructive button. */
export function DeleteAccountPage() {
  return (
    <div className="min-h-full">
      <PageHeader title="Delete account" backTo="/settings/security" />
      <RequireAuth>
        {() => (
          <div className="flex flex-col gap-6 p-4 pb-24">
            <section aria-labelledby="delete-what" className="flex flex-col gap-3">
              <h2 id="delete-what" className="text-lg font-semibold text-ink">
                What happens
              </h2>
              <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-ink">
                {CONSEQUENCES.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p className="text-sm text-ink-muted">
                It cannot be done while a proof of yours is under vote or a payout to you is not yet
                paid. Deleting cannot be undone.
              </p>
            </section>
            <section aria-labelledby="delete-confirm" className="flex flex-col gap-3">
              <h2 id="delete-confirm" className="text-lg font-semibold text-ink">
                Confirm with your password
              </h2>
              <DeleteAccountForm />
            </section>
          </div>
        )}
      </RequireAuth>
    </div>
  );
}
