import { describe, expect, it } from 'vitest';
import { databaseConnectionMessage } from '@/server/db/connection-error';

const URL_WITH_PASSWORD = 'postgres://app:s3cret@db.internal:5432/darefund';

describe('databaseConnectionMessage', () => {
  it('names DATABASE_URL without its password and says a wrong password is one', () => {
    const error = Object.assign(new Error('password authentication failed for user "app"'), {
      code: '28P01',
    });
    const message = databaseConnectionMessage(error, URL_WITH_PASSWORD);
    expect(message).toBe(
      'Cannot connect to the database at DATABASE_URL (postgres://app:***@db.internal:5432/darefund): ' +
        'authentication failed (wrong password): password authentication failed for user "app"',
    );
    expect(message).not.toContain('s3cret');
  });

  it('keeps an unknown cause to its first line', () => {
    const error = Object.assign(new Error('something odd\n    at stack'), { code: 'EWHATEVER' });
    expect(databaseConnectionMessage(error, 'not a url')).toBe(
      'Cannot connect to the database at DATABASE_URL ((not a valid URL)): something odd',
    );
  });
});
