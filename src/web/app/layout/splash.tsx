import { SPLASH_BACKDROP_CLASSES } from '@/contracts/initial-data';

/**
 * The start-up screen shown for SPLASH_MS while the session is looked up. index.html holds the
 * same markup so it paints before the scripts run: change both together. `backdrop`: the
 * first slide's poster where that slide shows it, as the server wrote it into the HTML
 * (SPLASH_BACKDROP_CLASSES; decision 0059), so the feed opens onto the image on screen.
 */
export function Splash({ backdrop }: { backdrop?: string | null }) {
  return (
    <div
      role="status"
      className="relative mx-auto flex min-h-dvh w-full max-w-[430px] flex-col items-center justify-center gap-4 bg-canvas"
    >
      {backdrop && (
        <>
          <img src={backdrop} alt="" className={SPLASH_BACKDROP_CLASSES.image} />
          <span aria-hidden="true" className={SPLASH_BACKDROP_CLASSES.shade} />
        </>
      )}
      <span className="relative text-3xl font-black tracking-tight text-ink">
        Dare<span className="text-brand">fund</span>
      </span>
      <span className="relative flex items-center gap-2 text-sm text-ink-muted">
        <span aria-hidden="true" className="size-2 animate-ping rounded-full bg-brand" />
        Loading...
      </span>
    </div>
  );
}
