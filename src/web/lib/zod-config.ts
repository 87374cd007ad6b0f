/**
 * Zod compiles fast object parsers with `new Function` after probing whether eval is
 * allowed. Our Content-Security-Policy forbids eval, so the probe itself is reported as a
 * CSP violation on every page (a console issue that costs Lighthouse's best practices).
 * jitless skips the probe; the forms' few parses do not need the compiled path.
 *
 * Set on the object zod keeps its configuration in (zod/v4/core/core.js: a globalThis
 * property, so that copies of zod share it) rather than through `config()` from 'zod': that
 * import put 11 KB of zod into the entry script every page loads, for one flag (issue 14).
 * tests/unit/zod-config.test.ts checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
