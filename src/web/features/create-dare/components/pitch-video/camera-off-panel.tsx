import { Camera, Video } from 'lucide-react';
import { PITCH_VIDEO_SECONDS } from '@/contracts/limits';
import { Button } from '@/web/components/ui/button';
import { ChooseVideoFile } from './choose-video-file';

interface CameraOffPanelProps {
  starting: boolean;
  /** Why the camera closed, e.g. permission refused or no device. */
  notice?: string;
  onTurnOn: () => void;
  onFile: (file: File) => void;
}

export function CameraOffPanel({ starting, notice, onTurnOn, onFile }: CameraOffPanelProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface-raised/40 px-4 py-5 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-raised text-brand">
        <Video className="size-6" aria-hidden="true" />
      </span>
      <div>
        <p className="text-sm font-semibold text-ink">
          Record a {PITCH_VIDEO_SECONDS}-second pitch
        </p>
        <p className="mt-0.5 text-xs text-ink-muted">
          Say what you'll do and why it's worth funding.
        </p>
      </div>
      {notice && (
        <p role="alert" className="rounded-xl bg-amber-400/10 px-3 py-2 text-sm text-amber-200">
          {notice}
        </p>
      )}
      <div className="flex w-full flex-col gap-2">
        <Button onClick={onTurnOn} busy={starting} className="w-full">
          {!starting && <Camera className="size-4" aria-hidden="true" />}
          {starting ? 'Starting camera...' : 'Turn on camera'}
        </Button>
        <ChooseVideoFile onFile={onFile} className="w-full" />
      </div>
    </div>
  );
}
