/**
 * The start-up screen shown for SPLASH_MS while the session is looked up. index.html holds the
 * same markup so it paints before the scripts run: change both together.
 */
export function Splash() {
  return (
    <div
      role="status"
      className="mx-auto flex min-h-dvh w-full max-w-[430px] flex-col items-center justify-center gap-4 bg-canvas"
    >
      <span className="text-3xl font-black tracking-tight text-ink">
        Dare<span className="text-brand">fund</span>
      </span>
      <span className="flex items-center gap-2 text-sm text-ink-muted">
        <span aria-hidden="true" className="size-2 animate-ping rounded-full bg-brand" />
        Loading...
      </span>
    </div>
  );
}
