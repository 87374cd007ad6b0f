import { toast } from '@/web/components/ui/toast-store';

/** Puts a link on the clipboard, with a toast telling how it went. */
export async function copyLink(url: string, copiedDescription: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: copiedDescription });
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
export async function shareLink(link: { title: string; url: string; copiedDescription: string }) {
  if (typeof navigator.share !== 'function') {
    await copyLink(link.url, link.copiedDescription);
    return;
  }
  try {
    await navigator.share({ title: link.title, url: link.url });
  } catch (error) {
    // The person closed the share sheet: nothing went wrong.
    if ((error as Error).name === 'AbortError') return;
    toast({
      title: 'Sharing failed',
      description: (error as Error).message,
      variant: 'destructive',
    });
  }
}
