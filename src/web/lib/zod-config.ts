import { config } from 'zod';

/**
 * Zod compiles fast object parsers with `new Function` after probing whether eval is
 * allowed. Our Content-Security-Policy forbids eval, so the probe itself is reported as a
 * CSP violation on every page (a console issue that costs Lighthouse's best practices).
 * jitless skips the probe; the forms' few parses do not need the compiled path.
 */
config({ jitless: true });
