import { eq } from 'drizzle-orm';
import { MODERATION_MESSAGES } from '@/contracts/moderation-values';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import { isPubliclyVisible } from '../moderation/dare-access';

/** What an R-rated dare's preview says instead of its description. */
export const MATURE_PREVIEW_DESCRIPTION = 'An R-rated dare on Darefund.';

export type SharePreview = {
  title: string;
  description: string;
  image: string | null;
  url: string;
  /** The dare was removed by a moderator: the page answers 410 to all but moderators. */
  removed?: boolean;
};

const DARE_PATH = /^\/dares\/(\d{1,9})$/;

/**
 * Open Graph data for a shared /dares/{id} link, so chat apps and social sites show the
 * dare's title, description and cover (they do not run the single-page app). A dare under
 * review is nobody's to share (no preview: the plain page); a removed one says so, and
 * nothing of its content (dare-access.ts). An R-rated dare's preview carries its title only:
 * no cover, video or description (issue 21 item 7; the crawlers are anonymous visitors).
 */
export async function sharePreviewFor(ctx: AppContext, path: string): Promise<SharePreview | null> {
  const match = DARE_PATH.exec(path);
  if (!match) return null;
  const [dare] = await ctx.db
    .select({
      title: dares.title,
      description: dares.description,
      coverImage: dares.coverImage,
      moderationState: dares.moderationState,
      contentRating: dares.contentRating,
    })
    .from(dares)
    .where(eq(dares.id, Number(match[1])))
    .limit(1);
  if (!dare) return null;
  const base = ctx.config.publicUrl;
  if (dare.moderationState === 'removed') {
    const description = MODERATION_MESSAGES.dareRemoved;
    return { title: 'Darefund', description, image: null, url: `${base}${path}`, removed: true };
  }
  if (!isPubliclyVisible(dare)) return null;
  // Crawlers are anonymous: an R-rated dare is gated for them (mature-gate.ts).
  const gated = dare.contentRating === 'R';
  return {
    title: `${dare.title} · Darefund`,
    description: gated ? MATURE_PREVIEW_DESCRIPTION : dare.description,
    image: dare.coverImage && !gated ? `${base}${dare.coverImage}` : null,
    url: `${base}${path}`,
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** index.html with the preview's title and Open Graph / Twitter card tags. */
export function withSharePreview(indexHtml: string, preview: SharePreview): string {
  const tags = [
    `<title>${escapeHtml(preview.title)}</title>`,
    `<meta property="og:type" content="video.other" />`,
    `<meta property="og:site_name" content="Darefund" />`,
    `<meta property="og:title" content="${escapeHtml(preview.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(preview.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(preview.url)}" />`,
    ...(preview.image
      ? [
          `<meta property="og:image" content="${escapeHtml(preview.image)}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
        ]
      : [`<meta name="twitter:card" content="summary" />`]),
  ].join('\n    ');
  // A function, not a string: in a replacement string `$'`, `$&`... in a dare's text would
  // paste pieces of the page into the tags.
  return indexHtml.replace(/<title>[^<]*<\/title>/, () => tags);
}
