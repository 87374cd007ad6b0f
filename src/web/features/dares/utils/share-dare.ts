import { copyLink, shareLink } from '@/web/lib/share-link';
import { dareUrl } from './dare-media';

const COPIED = 'Dare link copied to clipboard';

export function copyDareLink(id: number): Promise<boolean> {
  return copyLink(dareUrl(id), COPIED);
}

export function shareDare(dare: { id: number; title: string }) {
  return shareLink({ title: dare.title, url: dareUrl(dare.id), copiedDescription: COPIED });
}
