import { toast } from '@/web/components/ui/toast-store';
import { dareUrl } from './dare-media';

/** Puts the dare's link on the clipboard, with the toast telling how it went. */
export async function copyDareLink(id: number): Promise<boolean> {
  const url = dareUrl(id);
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'Dare link copied to clipboard' });
    return true;
  } catch {
    toast({
      title: 'Copy failed',
      description: `Copy this link instead: ${url}`,
      variant: 'destructive',
    });
    return false;
  }
}

/** The native share sheet where the browser has one, else the link is copied. */
export async function shareDare(dare: { id: number; title: string }) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: dare.title, url: dareUrl(dare.id) });
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      toast({
        title: 'Sharing failed',
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
    return;
  }
  await copyDareLink(dare.id);
}
