import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { dareRequests } from './dare-requests';
import {
  contentRating,
  dareCategory,
  dareStatus,
  dareType,
  moderationState,
  recipientType,
} from './enums';
import { users } from './users';

/**
 * drizzle/0007_search_indexes.sql adds a generated `search_document` tsvector and search
 * indexes that are not declared here (decision 0021); selects never need the column.
 */
export const dares = pgTable(
  'dares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    targetAmountCents: integer('target_amount_cents').notNull(),
    /** Always the sum of the dare's live pledges, kept in the same transaction. */
    currentAmountCents: integer('current_amount_cents').notNull().default(0),
    /** Number of live pledges, kept with currentAmountCents. */
    pledgeCount: integer('pledge_count').notNull().default(0),
    status: dareStatus('status').notNull().default('pending'),
    category: dareCategory('category').notNull(),
    contentRating: contentRating('content_rating').notNull().default('PG'),
    coverImage: text('cover_image'),
    pitchVideo: text('pitch_video'),
    pitchPoster: text('pitch_poster'),
    /** The pitch's WebVTT captions: the creator's `pitch-captions` upload (decision 0035). */
    pitchCaptions: text('pitch_captions'),
    dareType: dareType('dare_type').notNull().default('self'),
    recipientType: recipientType('recipient_type'),
    recipientContact: text('recipient_contact'),
    /** Who must submit the proof: the creator for a self dare, else the acceptor. */
    takerId: integer('taker_id').references(() => users.id, { onDelete: 'set null' }),
    isPublicChallenge: boolean('is_public_challenge').notNull().default(false),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: ts('accepted_at'),
    sponsoredBy: integer('sponsored_by').references(() => users.id, { onDelete: 'set null' }),
    sponsorshipRequestId: integer('sponsorship_request_id').references(() => dareRequests.id, {
      onDelete: 'set null',
    }),
    /** Set by an operator (`npm run admin -- feature`): the trending "featured" list. */
    featuredAt: ts('featured_at'),
    /** Null: listed. under_review / removed: see enums.ts moderationState (issue 21). */
    moderationState: moderationState('moderation_state'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // DESC NULLS FIRST is what ORDER BY ... DESC means; an index that differs is not used for it.
    index('dares_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('dares_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('dares_creator_idx').on(t.creatorId),
    // A user's dares list matches creator or taker (dares they took on).
    index('dares_taker_idx').on(t.takerId),
    index('dares_expires_idx').on(t.expiresAt),
    check('dares_target_positive', sql`${t.targetAmountCents} > 0`),
    check('dares_current_nonnegative', sql`${t.currentAmountCents} >= 0`),
    check('dares_pledge_count_nonnegative', sql`${t.pledgeCount} >= 0`),
    check('dares_counts_nonnegative', sql`${t.likeCount} >= 0 AND ${t.commentCount} >= 0`),
    check(
      'dares_no_data_urls',
      sql`${t.coverImage} NOT LIKE 'data:%' AND ${t.pitchVideo} NOT LIKE 'data:%'`,
    ),
    check('dares_no_blob_urls', sql`${t.pitchVideo} NOT LIKE 'blob:%'`),
  ],
);

export const dareLikes = pgTable(
  'dare_likes',
  {
    dareId: integer('dare_id')
      .notNull()
      .references(() => dares.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.dareId, t.userId] }), index('dare_likes_user_idx').on(t.userId)],
);

export const dareSaves = pgTable(
  'dare_saves',
  {
    dareId: integer('dare_id')
      .notNull()
      .references(() => dares.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.dareId, t.userId] }), index('dare_saves_user_idx').on(t.userId)],
);

/** One row per viewer per dare per day: views are counted once a day. */
export const dareViews = pgTable(
  'dare_views',
  {
    dareId: integer('dare_id')
      .notNull()
      .references(() => dares.id, { onDelete: 'cascade' }),
    /** `u:<userId>` for a user, else a hash of the anonymous visitor. */
    viewerKey: text('viewer_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.dareId, t.viewerKey, t.day] }),
    index('dare_views_created_idx').on(t.createdAt),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dareId: integer('dare_id')
      .notNull()
      .references(() => dares.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    moderationState: moderationState('moderation_state'),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_dare_idx').on(t.dareId, t.createdAt),
    index('comments_parent_idx').on(t.parentId),
    check('comments_content_not_blank', sql`length(trim(${t.content})) > 0`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);
