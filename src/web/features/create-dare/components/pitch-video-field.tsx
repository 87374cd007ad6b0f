import { Suspense } from 'react';
import { Skeleton } from '@/web/components/ui/skeleton';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import type { CaptionsUpload } from '../lib/use-captions-upload';
import { CaptionsField } from './captions-field';
import type { PitchVideoRecorderProps } from './pitch-video/pitch-video-recorder';

// The recorder (camera, MediaRecorder, thumbnails) is its own chunk.
const loadRecorder = () => import('./pitch-video/pitch-video-recorder');
const PitchVideoRecorder = retryableLazy(() =>
  loadRecorder().then((module) => ({ default: module.PitchVideoRecorder })),
);

interface PitchVideoFieldProps extends Omit<PitchVideoRecorderProps, 'errorId'> {
  required: boolean;
  /** The pitch's optional captions, offered once there is a pitch (item 35). */
  captions?: CaptionsUpload;
}

/** The pitch recorder under its heading; the recorder decides when its error shows. */
export function PitchVideoField({ required, captions, ...recorder }: PitchVideoFieldProps) {
  return (
    <section
      aria-labelledby="dare-pitch-label"
      aria-describedby={recorder.error ? 'dare-pitch-error' : undefined}
      className="flex flex-col gap-2"
    >
      <h3 id="dare-pitch-label" className="text-sm font-medium text-ink">
        Pitch video {required ? null : <span className="text-ink-muted">(optional)</span>}
      </h3>
      <Suspense fallback={<Skeleton className="h-56" />}>
        <PitchVideoRecorder {...recorder} errorId="dare-pitch-error" />
      </Suspense>
      {captions && recorder.upload.status !== 'idle' && (
        <CaptionsField captions={captions} id="dare-pitch-captions" />
      )}
    </section>
  );
}
