import type { DareView } from '@/contracts/dares';
import {
  dareCaptionsUrl,
  darePosterUrl,
  dareVideoUrl,
} from '@/web/features/dares/utils/dare-media';
import { DareVideo, type VideoMode } from '@/web/features/video/components/dare-video';
import { ActionColumn } from './action-column';
import { DareSlideInfo } from './dare-slide-info';
import { PrimaryActions } from './primary-actions';

interface FeedSlideProps {
  dare: DareView;
  mode: VideoMode;
  position: number;
  total: number;
  onComments: () => void;
  onVote: () => void;
  soundBadge: boolean;
}

/** One full-screen dare: the video, and its details and actions laid over it. */
export function FeedSlide(props: FeedSlideProps) {
  const { dare, mode, position, total, onComments, onVote, soundBadge } = props;
  return (
    <article
      aria-roledescription="slide"
      aria-label={`${dare.title}, ${position} of ${total}`}
      data-dare-id={dare.id}
      className="relative size-full overflow-hidden bg-black"
    >
      <DareVideo
        src={dareVideoUrl(dare)}
        poster={darePosterUrl(dare)}
        captions={dareCaptionsUrl(dare)}
        mode={mode}
        label={dare.title}
        soundBadge={soundBadge}
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 bottom-0 h-2/3 bg-gradient-to-t from-black/85 via-black/35 to-transparent"
      />
      {/* Only the info, the actions and the buttons take taps; the rest reaches the video. */}
      <div className="pointer-events-none absolute inset-x-0 bottom-0 z-10 flex flex-col gap-3 px-4 pb-4">
        <div className="flex items-end gap-3">
          <div className="pointer-events-auto min-w-0 flex-1">
            <DareSlideInfo dare={dare} />
          </div>
          <div className="pointer-events-auto -mr-2">
            <ActionColumn dare={dare} onComments={onComments} />
          </div>
        </div>
        <div className="pointer-events-auto flex gap-2">
          <PrimaryActions dare={dare} onVote={onVote} />
        </div>
      </div>
    </article>
  );
}
