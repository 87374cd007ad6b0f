/**
 * The start-up screen shown for SPLASH_MS while the session is looked up. index.html holds the
 * same markup so it paints before the scripts run: change both together. `backdrop`: the
 * feed's first poster, laid where the feed's first slide shows it (the server writes the same
 * into the HTML: web-pages/page-html.ts splashBackdropHtml), so the feed opens onto the image
 * already on screen instead of painting it only after the splash.
 */
export function Splash({ backdrop }: { backdrop?: string | null }) {
  return (
    <div
      role="status"
      className="relative mx-auto flex min-h-dvh w-full max-w-[430px] flex-col items-center justify-center gap-4 bg-canvas"
    >
      {backdrop && (
        <>
          <img
            src={backdrop}
            alt=""
            className="absolute inset-x-0 top-0 h-[calc(100dvh-3.5rem-env(safe-area-inset-bottom))] w-full object-cover"
          />
          <span aria-hidden="true" className="absolute inset-0 bg-canvas/60" />
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
