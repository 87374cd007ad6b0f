import { Copy, Share2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { copyLink, shareLink } from '@/web/lib/share-link';

const COPIED = 'Invitation link copied to clipboard';

/** An invitation link to send: copy it, or hand it to the system share sheet. */
export function InvitationLinkFields({ url }: { url: string }) {
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor="invitation-link" className="text-sm font-medium text-ink">
        Invitation link
      </label>
      <div className="flex gap-2">
        <Input
          id="invitation-link"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 text-sm"
        />
        <Button onClick={() => void copyLink(url, COPIED)} className="shrink-0" data-autofocus>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
      </div>
      {canShare && (
        <Button
          variant="secondary"
          onClick={() =>
            void shareLink({ title: 'You have been dared', url, copiedDescription: COPIED })
          }
        >
          <Share2 className="size-4" aria-hidden="true" />
          Share
        </Button>
      )}
      <p className="text-xs text-ink-muted">
        Only you see this link, and only now. Whoever accepts it becomes the taker; a new link can
        be made from the dare, which turns this one off.
      </p>
    </div>
  );
}
