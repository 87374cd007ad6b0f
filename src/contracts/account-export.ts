import { z } from 'zod';
import {
  dareCreated,
  dareRef,
  dareTakenOn,
  date,
  money,
  nullableDate,
  payout,
  person,
  pledge,
  profile,
  proof,
  pushDevice,
  savedCard,
  session,
  vote,
} from './account-export-rows';
import { DARE_REQUEST_STATUSES } from './dare-requests';
import { CONTENT_RATINGS, DARE_CATEGORIES } from './dare-values';
import { NOTIFICATION_KINDS } from './notifications';

/**
 * The file GET /api/account/export sends (issue 20 item 5, DESIGN.md §9): the account's own
 * data, nobody else's private data. Objects are strict so a field that should not be there
 * (a hash, a token, someone's email) fails the schema instead of slipping through.
 * A change that breaks a reader of version 1 bumps formatVersion.
 */
export const ACCOUNT_EXPORT_FORMAT_VERSION = 1;

export const ACCOUNT_EXPORT_MESSAGES = {
  failed: "Couldn't prepare your data. Please try again.",
} as const;

const comment = z.strictObject({
  id: z.number().int(),
  dare: dareRef,
  replyTo: z.number().int().nullable(),
  content: z.string(),
  likeCount: z.number().int(),
  createdAt: date,
});

const reaction = z.strictObject({ dare: dareRef, at: date });

const conversation = z.strictObject({
  id: z.number().int(),
  with: z.array(person),
  startedAt: date,
});
const message = z.strictObject({
  id: z.number().int(),
  conversationId: z.number().int(),
  sentByYou: z.boolean(),
  sender: person,
  content: z.string(),
  sentAt: date,
});

const follow = z.strictObject({ person, since: date });

const notification = z.strictObject({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string(),
  detail: z.string(),
  link: z.string(),
  read: z.boolean(),
  createdAt: date,
});

const achievement = z.strictObject({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  points: z.number().int(),
  progress: z.number().int(),
  maxProgress: z.number().int(),
  unlocked: z.boolean(),
  unlockedAt: nullableDate,
});

const requestFields = {
  id: z.number().int(),
  dareTitle: z.string(),
  dareDescription: z.string().nullable(),
  target: money,
  category: z.enum(DARE_CATEGORIES),
  contentRating: z.enum(CONTENT_RATINGS),
  status: z.enum(DARE_REQUEST_STATUSES),
  dareId: z.number().int().nullable(),
  createdAt: date,
  expiresAt: date,
  respondedAt: nullableDate,
};
/**
 * A request sent to an email address shows that address (what the account typed and its Sent
 * tab shows), never whether it has an account: as in the app (decision 0036).
 */
const requestSent = z.strictObject({
  ...requestFields,
  recipient: person.nullable(),
  recipientEmail: z.string().nullable(),
});
const requestReceived = z.strictObject({
  ...requestFields,
  sender: person,
  challenge: z.boolean(),
});

const emailSetting = z.strictObject({ kind: z.string(), emailEnabled: z.boolean() });

/** Every list of the file, in the order it is written. */
export const accountExportSections = {
  sessions: z.array(session),
  pushDevices: z.array(pushDevice),
  daresCreated: z.array(dareCreated),
  daresTakenOn: z.array(dareTakenOn),
  pledges: z.array(pledge),
  payouts: z.array(payout),
  savedCards: z.array(savedCard),
  proofs: z.array(proof),
  votes: z.array(vote),
  comments: z.array(comment),
  likes: z.array(reaction),
  saves: z.array(reaction),
  conversations: z.array(conversation),
  messages: z.array(message),
  following: z.array(follow),
  followers: z.array(follow),
  notifications: z.array(notification),
  achievements: z.array(achievement),
  dareRequestsSent: z.array(requestSent),
  dareRequestsReceived: z.array(requestReceived),
  emailSettings: z.array(emailSetting),
};
export type AccountExportSectionName = keyof typeof accountExportSections;
export type AccountExportRow<K extends AccountExportSectionName> = z.infer<
  (typeof accountExportSections)[K]
>[number];

export const accountExportSchema = z.strictObject({
  formatVersion: z.literal(ACCOUNT_EXPORT_FORMAT_VERSION),
  exportedAt: date,
  about: z.string(),
  profile,
  ...accountExportSections,
});
export type AccountExport = z.infer<typeof accountExportSchema>;
export type AccountExportProfile = z.infer<typeof profile>;
