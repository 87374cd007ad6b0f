import { dares } from '../../../db/schema';
import { type ExportScope, iso, isoOrNull, linkOrNull, money } from './shared';

/** The columns both dare sections read. */
export const dareColumns = {
  id: dares.id,
  title: dares.title,
  description: dares.description,
  category: dares.category,
  contentRating: dares.contentRating,
  status: dares.status,
  targetAmountCents: dares.targetAmountCents,
  currentAmountCents: dares.currentAmountCents,
  pledgeCount: dares.pledgeCount,
  coverImage: dares.coverImage,
  pitchVideo: dares.pitchVideo,
  pitchCaptions: dares.pitchCaptions,
  likeCount: dares.likeCount,
  commentCount: dares.commentCount,
  viewCount: dares.viewCount,
  expiresAt: dares.expiresAt,
  createdAt: dares.createdAt,
  acceptedAt: dares.acceptedAt,
};

type DareRow = Pick<typeof dares.$inferSelect, keyof typeof dareColumns>;

/** What a dare row reads as in the file: money as cents and words, media as links. */
export function dareFields(scope: ExportScope, row: DareRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    contentRating: row.contentRating,
    status: row.status,
    target: money(row.targetAmountCents),
    pledged: money(row.currentAmountCents),
    pledgeCount: row.pledgeCount,
    coverImage: linkOrNull(scope, row.coverImage),
    pitchVideo: linkOrNull(scope, row.pitchVideo),
    pitchCaptions: linkOrNull(scope, row.pitchCaptions),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    viewCount: row.viewCount,
    expiresAt: iso(row.expiresAt),
    createdAt: iso(row.createdAt),
    acceptedAt: isoOrNull(row.acceptedAt),
  };
}
