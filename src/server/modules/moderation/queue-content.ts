import { inArray } from 'drizzle-orm';
import type { ModerationState } from '@/contracts/moderation-values';
import type { ReportTargetType } from '@/contracts/reports';
import { isSuspended } from '@/domain/moderation-roles';
import type { Db } from '../../db/client';
import { comments, dares, messages, submissions, users } from '../../db/schema';

/** What the queue shows of one target (moderationContentSchema without `missing`). */
export type TargetContent = {
  title: string | null;
  text: string | null;
  videoUrl: string | null;
  posterUrl: string | null;
  coverImage: string | null;
  dareId: number | null;
  moderationState: ModerationState | null;
  missing: boolean;
};

const blank = {
  title: null,
  text: null,
  videoUrl: null,
  posterUrl: null,
  coverImage: null,
  dareId: null,
};

/** The content of every listed target, keyed `type:id`: one query per kind of target present. */
export async function targetContents(
  db: Db,
  targets: Array<{ targetType: string; targetId: number }>,
): Promise<Map<string, TargetContent>> {
  const idsOf = (type: ReportTargetType) =>
    targets.filter((target) => target.targetType === type).map((target) => target.targetId);
  const found = new Map<string, TargetContent>();
  const put = (type: ReportTargetType, id: number, content: Omit<TargetContent, 'missing'>) =>
    found.set(`${type}:${id}`, { ...content, missing: false });
  await Promise.all([
    readAll(idsOf('dare'), (ids) => db.select().from(dares).where(inArray(dares.id, ids))).then(
      (rows) => {
        for (const dare of rows) {
          put('dare', dare.id, {
            title: dare.title,
            text: dare.description,
            videoUrl: dare.pitchVideo,
            posterUrl: dare.pitchPoster,
            coverImage: dare.coverImage,
            dareId: dare.id,
            moderationState: dare.moderationState,
          });
        }
      },
    ),
    readAll(idsOf('submission'), (ids) =>
      db.select().from(submissions).where(inArray(submissions.id, ids)),
    ).then((rows) => {
      for (const proof of rows) {
        put('submission', proof.id, {
          ...blank,
          videoUrl: proof.videoUrl,
          posterUrl: proof.thumbnailUrl,
          dareId: proof.dareId,
          moderationState: proof.moderationState,
        });
      }
    }),
    readAll(idsOf('comment'), (ids) =>
      db.select().from(comments).where(inArray(comments.id, ids)),
    ).then((rows) => {
      for (const comment of rows) {
        put('comment', comment.id, {
          ...blank,
          text: comment.content,
          dareId: comment.dareId,
          moderationState: comment.moderationState,
        });
      }
    }),
    readAll(idsOf('message'), (ids) =>
      db.select().from(messages).where(inArray(messages.id, ids)),
    ).then((rows) => {
      for (const message of rows) {
        put('message', message.id, {
          ...blank,
          text: message.content,
          moderationState: message.moderationState,
        });
      }
    }),
    readAll(idsOf('user'), (ids) => db.select().from(users).where(inArray(users.id, ids))).then(
      (rows) => {
        for (const user of rows) {
          if (user.deletedAt) continue; // Erased: the queue says the target is missing.
          put('user', user.id, {
            ...blank,
            title: user.displayName ?? user.username,
            text: user.bio,
            coverImage: user.profilePicture,
            moderationState: user.moderationState,
          });
        }
      },
    ),
  ]);
  return found;
}

export const missingContent: TargetContent = { ...blank, moderationState: null, missing: true };

/** The owners of the listed targets, with their suspension: one query. */
export async function ownersById(db: Db, ownerIds: number[]) {
  const rows = await readAll([...new Set(ownerIds)], (ids) =>
    db.select().from(users).where(inArray(users.id, ids)),
  );
  return new Map(
    rows.map((user) => {
      const suspended = isSuspended(user);
      const owner = {
        id: user.id,
        username: user.username,
        displayName: user.displayName,
        profilePicture: user.profilePicture,
        suspended,
        // Only a suspension in force has an end worth showing (null: for good, or none).
        suspendedUntil: suspended ? (user.suspendedUntil?.toISOString() ?? null) : null,
      };
      return [user.id, owner];
    }),
  );
}

async function readAll<T>(ids: number[], read: (ids: number[]) => Promise<T[]>): Promise<T[]> {
  return ids.length === 0 ? [] : read(ids);
}
