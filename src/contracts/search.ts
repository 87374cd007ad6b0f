import { z } from 'zod';
import { text } from './common';
import { DARE_STATUSES } from './dares';
import { SEARCH_PAGE_DEFAULT, SEARCH_PAGE_MAX, SEARCH_QUERY_MAX } from './limits';

/** GET /api/search: one section (people or dares) per call, each paged on its own. */
export const SEARCH_TYPES = ['people', 'dares'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_MESSAGES = {
  queryRequired: 'Enter something to search for',
  queryTooLong: `Search must be at most ${SEARCH_QUERY_MAX} characters`,
} as const;

export const searchQuerySchema = z.object({
  q: text('Search', SEARCH_MESSAGES.queryRequired)
    .trim()
    .min(1, SEARCH_MESSAGES.queryRequired)
    .max(SEARCH_QUERY_MAX, SEARCH_MESSAGES.queryTooLong),
  type: z.enum(SEARCH_TYPES),
  cursor: text('Cursor').max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(SEARCH_PAGE_DEFAULT),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchPersonSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
export type SearchPerson = z.infer<typeof searchPersonSchema>;

/** What a result row shows: cover, title, status and amount (dollars). */
export const searchDareSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(DARE_STATUSES),
  coverImage: z.string().nullable(),
  pitchPoster: z.string().nullable(),
  currentAmount: z.number(),
  targetAmount: z.number(),
});
export type SearchDare = z.infer<typeof searchDareSchema>;

export const searchPeoplePageSchema = z.object({
  type: z.literal('people'),
  items: z.array(searchPersonSchema),
  nextCursor: z.string().nullable(),
});
export const searchDaresPageSchema = z.object({
  type: z.literal('dares'),
  items: z.array(searchDareSchema),
  nextCursor: z.string().nullable(),
});
export const searchPageSchema = z.discriminatedUnion('type', [
  searchPeoplePageSchema,
  searchDaresPageSchema,
]);
export type SearchPeoplePage = z.infer<typeof searchPeoplePageSchema>;
export type SearchDaresPage = z.infer<typeof searchDaresPageSchema>;
export type SearchPage = z.infer<typeof searchPageSchema>;
