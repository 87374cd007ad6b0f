import { index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
// Relative import: drizzle-kit loads this file without the `@/` alias.
import { MEDIA_PURPOSES } from '../../../contracts/media';
import { createdAt } from './columns';
import { users } from './users';

export const mediaPurpose = pgEnum('media_purpose', MEDIA_PURPOSES);

/**
 * Who uploaded each stored file and what for (decision 0031), keyed by its storage key
 * (`videos/<uuid>.mp4`, served at /media/<key>). Written when the file is stored; a file
 * without a row (the shipped demo media, uploads older than this table and referenced
 * nowhere) is nobody's upload and is never taken as a proof.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    key: text('key').primaryKey(),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: mediaPurpose('purpose').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('media_files_uploader_idx').on(t.uploaderId)],
);
