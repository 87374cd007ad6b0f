import { Clock } from 'lucide-react';
import { Link } from 'wouter';
import type { CurrentUser } from '@/contracts/user';
import { Avatar } from '@/web/components/ui/avatar';
import { formatCount, formatSessionLine } from '@/web/lib/format';

function StatLink({ href, count, label }: { href: string; count: number; label: string }) {
  return (
    <Link
      href={href}
      className="flex flex-1 flex-col items-center rounded-xl px-2 py-1.5 transition-colors hover:bg-surface-raised"
    >
      <span className="text-lg font-bold text-ink">{formatCount(count)}</span>
      <span className="text-xs text-ink-muted">{label}</span>
    </Link>
  );
}

/** Picture, names, bio, session line and follow counts. */
export function ProfileSummary({ user }: { user: CurrentUser }) {
  const name = user.displayName || user.username;
  return (
    <section
      aria-labelledby="profile-name"
      className="flex flex-col items-center px-5 pt-6 text-center"
    >
      <Avatar
        name={name}
        src={user.profilePicture}
        size="lg"
        className="ring-4 ring-surface-raised"
      />
      <h2 id="profile-name" className="mt-3 text-xl font-bold text-ink">
        {name}
      </h2>
      <p className="text-sm text-ink-muted">@{user.username}</p>
      {user.bio && <p className="mt-3 max-w-xs text-sm whitespace-pre-line text-ink">{user.bio}</p>}
      {user.session && (
        <p className="mt-3 flex items-center gap-1.5 text-xs text-ink-muted">
          <Clock className="size-3.5" aria-hidden="true" />
          {formatSessionLine(user.session)}
        </p>
      )}
      <div className="mt-4 flex w-full max-w-xs items-stretch rounded-2xl border border-line bg-surface p-1">
        <StatLink
          href={`/users/${user.id}/followers`}
          count={user.followerCount}
          label="Followers"
        />
        <span aria-hidden="true" className="my-2 w-px bg-line" />
        <StatLink
          href={`/users/${user.id}/following`}
          count={user.followingCount}
          label="Following"
        />
      </div>
    </section>
  );
}
