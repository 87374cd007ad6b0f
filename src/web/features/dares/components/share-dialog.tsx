import { Copy, Share2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { dareUrl } from '../utils/dare-media';
import { copyDareLink, shareDare } from '../utils/share-dare';

interface ShareDialogProps {
  dare: { id: number; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The dare's link, ready to copy (or to hand to the system share sheet). */
export function ShareDialog({ dare, open, onOpenChange }: ShareDialogProps) {
  const url = dareUrl(dare.id);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Share this dare"
        description="Anyone with the link can watch and pledge."
      >
        <div className="flex flex-col gap-3">
          <label htmlFor="share-link" className="text-sm font-medium text-ink">
            Dare link
          </label>
          <div className="flex gap-2">
            <Input
              id="share-link"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="h-11 text-sm"
            />
            <Button onClick={() => void copyDareLink(dare.id)} className="shrink-0">
              <Copy className="size-4" aria-hidden="true" />
              Copy
            </Button>
          </div>
          {canShare && (
            <Button variant="secondary" onClick={() => void shareDare(dare)}>
              <Share2 className="size-4" aria-hidden="true" />
              More sharing options
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
