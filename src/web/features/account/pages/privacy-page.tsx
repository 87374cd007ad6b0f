import { PageHeader } from '@/web/components/layout/page-header';
import { RequireAuth } from '@/web/features/auth/components/require-auth';
import { BlockedAccounts } from '@/web/features/blocks/components/blocked-accounts';
import { MatureContentSetting } from '../components/mature-content-setting';

/** /settings/privacy: what the account sees (R-rated dares) and who it blocked (issue 21). */
export function PrivacyPage() {
  return (
    <div className="min-h-full">
      <PageHeader title="Privacy & Safety" backTo="/profile" />
      <RequireAuth>
        {(user) => (
          <div className="flex flex-col gap-8 p-4 pb-24">
            <section aria-labelledby="privacy-content" className="flex flex-col gap-3">
              <h2 id="privacy-content" className="text-lg font-semibold text-ink">
                Content
              </h2>
              <MatureContentSetting enabled={user.showMatureContent} />
            </section>
            <section aria-labelledby="privacy-blocked" className="flex flex-col gap-3">
              <h2 id="privacy-blocked" className="text-lg font-semibold text-ink">
                Blocked accounts
              </h2>
              <p className="text-sm text-ink-muted">
                They can't follow you, message you, send you dare requests or comment on your dares.
              </p>
              <BlockedAccounts />
            </section>
          </div>
        )}
      </RequireAuth>
    </div>
  );
}
