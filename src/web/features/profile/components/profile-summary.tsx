import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicUser, SessionInfo } from '@/contracts/user';
import { Avatar } from '@/web/components/ui/avatar';
import { formatSessionLine } from '@/web/lib/format';

interface ProfileSummaryProps {
  user: Pick<PublicUser, 'username' | 'displayName' | 'profilePicture' | 'bio'>;
  /** The own profile's 'Logged in until …' line. */
  session?: SessionInfo;
  /** Buttons and counts under the names (own and other profiles differ here). */
  children?: ReactNode;
}

/** Picture, names and bio: the top of the own profile and of another user's. */
export function ProfileSummary({ user, session, children }: ProfileSummaryProps) {
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
      {session && (
        <p className="mt-3 flex items-center gap-1.5 text-xs text-ink-muted">
          <Clock className="size-3.5" aria-hidden="true" />
          {formatSessionLine(session)}
        </p>
      )}
      {children}
    </section>
  );
}
