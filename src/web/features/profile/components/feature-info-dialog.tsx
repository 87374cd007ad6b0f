import { Button } from '@/web/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/web/components/ui/dialog';

interface FeatureInfoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
}

/** Stands in for a settings screen that a later release fills. */
export function FeatureInfoDialog({
  open,
  onOpenChange,
  title,
  description,
}: FeatureInfoDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        <DialogClose asChild>
          <Button variant="secondary" className="mt-2 w-full">
            Got it
          </Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
