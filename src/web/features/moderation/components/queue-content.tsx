import { Link } from 'wouter';
import type { ModerationQueueItem } from '@/contracts/moderation';
import { VideoPlayer } from '@/web/features/video/components/video-player';
import { TARGET_NAMES } from '../lib/moderation-actions';

/** The reported thing itself: its video (playable), cover, words and a link to its dare. */
export function QueueContent({ item }: { item: ModerationQueueItem }) {
  const { content } = item;
  const name = TARGET_NAMES[item.targetType];
  if (content.missing) {
    return <p className="text-sm text-ink-muted italic">This {name} no longer exists.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      {content.videoUrl ? (
        // A portrait player narrow enough to leave the card's text in view.
        <div className="mx-auto w-44">
          <VideoPlayer
            src={content.videoUrl}
            poster={content.posterUrl ?? content.coverImage}
            label={`Video of the reported ${name}`}
            autoPlay={false}
          />
        </div>
      ) : (
        content.coverImage && (
          <img
            src={content.coverImage}
            alt={`Cover of the reported ${name}`}
            className="mx-auto max-h-64 rounded-xl object-contain"
          />
        )
      )}
      {content.text && (
        <p className="text-sm break-words whitespace-pre-wrap text-ink">{content.text}</p>
      )}
      {content.dareId !== null && (
        <Link
          href={`/dares/${content.dareId}`}
          className="self-start text-sm font-semibold text-accent underline-offset-2 hover:underline"
        >
          Open the dare
        </Link>
      )}
    </div>
  );
}
