/**
 * The look of a screen's top bar and its title, for PageHeader and for the bare bar a screen
 * that failed to load shows (which must not pull PageHeader into the first screen's code).
 */
export const PAGE_HEADER_BAR =
  'sticky top-0 z-30 flex min-h-14 items-center gap-2 border-b border-line/70 bg-canvas/90 px-3 pt-[env(safe-area-inset-top)] backdrop-blur';
export const PAGE_HEADER_TITLE = 'truncate text-lg font-bold tracking-tight text-ink';
