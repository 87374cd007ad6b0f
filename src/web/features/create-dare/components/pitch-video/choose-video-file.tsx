import { FileVideo } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { VIDEO_MAX_BYTES } from '@/contracts/limits';
import { toast } from '@/web/components/ui/toast-store';
import { cn } from '@/web/lib/cn';

/** "Choose a video file": the way in when there is no camera, or a clip already exists. */
export function ChooseVideoFile({
  onFile,
  className,
  label = 'Choose a video file',
}: {
  onFile: (file: File) => void;
  className?: string;
  /** The proof dialog's reads 'Select Video'. */
  label?: string;
}) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('video/')) {
      toast({
        title: 'Invalid File',
        description: 'Please upload a video file.',
        variant: 'destructive',
      });
      return;
    }
    if (file.size > VIDEO_MAX_BYTES) {
      toast({
        title: 'File Too Large',
        description: 'Please upload a video smaller than 100MB.',
        variant: 'destructive',
      });
      return;
    }
    onFile(file);
  }

  return (
    <label
      className={cn(
        'relative inline-flex h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-line px-4 text-sm font-semibold text-ink',
        'hover:bg-surface-raised has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-accent',
        className,
      )}
    >
      <FileVideo className="size-4" aria-hidden="true" />
      {label}
      <input type="file" accept="video/*" className="sr-only" onChange={handleChange} />
    </label>
  );
}
