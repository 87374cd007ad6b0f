import { describe, expect, it } from 'vitest';
import { REDACTED, scrubText, serializeError } from '@/server/lib/log-redaction';

describe('log redaction', () => {
  it.each([
    ['Key (email)=(ada@example.com) already exists.', 'Key (email)=([Redacted]) already exists.'],
    ['hash $argon2id$v=19$m=19456,t=2,p=1$abc$def here', `hash ${REDACTED} here`],
    ['card 4242 4242 4242 4242 typed', `card ${REDACTED} typed`],
    ['mail ada@example.com', `mail ${REDACTED}`],
    ['pledge 42 on dare 7', 'pledge 42 on dare 7'],
  ])('masks secrets in %j', (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it("drops drizzle's query parameters from an error, its stack and its cause chain", () => {
    const cause = Object.assign(new Error('violates check constraint "x"'), {
      code: '23514',
      constraint: 'x',
      detail: 'Failing row contains (ada@example.com, $argon2id$v=19$abc).',
    });
    const error = Object.assign(
      new Error('Failed query: insert into users values ($1, $2)\nparams: ada@example.com,pw'),
      { query: 'insert ...', params: ['ada@example.com', 'pw'], cause },
    );
    const text = JSON.stringify(serializeError(error));
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain('argon2');
    expect(text).toContain('23514');
    expect(text).toContain('violates check constraint');
  });
});
