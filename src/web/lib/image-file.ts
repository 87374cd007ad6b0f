import type { ChangeEvent } from 'react';
import { toast } from '@/web/components/ui/toast-store';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

/**
 * The image a file input was given, as a data URL (how pictures and covers travel, spec
 * section 3), or null with the spec's toast when it is not an image, too large or
 * unreadable. The input is cleared so the same file can be chosen again.
 */
export async function imageFileAsDataUrl(
  event: ChangeEvent<HTMLInputElement>,
  limit: { maxBytes: number; tooLargeMessage: string },
): Promise<string | null> {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (!file) return null;
  const refuse = (title: string, description: string) => {
    toast({ title, description, variant: 'destructive' });
    return null;
  };
  if (!file.type.startsWith('image/')) {
    return refuse('Invalid file type', 'Please upload an image file');
  }
  if (file.size > limit.maxBytes) return refuse('File too large', limit.tooLargeMessage);
  try {
    return await readAsDataUrl(file);
  } catch (error) {
    return refuse('Could not read the file', (error as Error).message);
  }
}
