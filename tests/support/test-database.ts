import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh, empty database for one test file: on the Postgres server named by DATABASE_URL
 * when it is set, else undefined (the caller then uses an in-memory PGlite).
 */
export async function createTestDatabase(): Promise<string | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `darefund_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createTestDatabase (connections must be closed first). */
export async function dropTestDatabase(url: string | undefined): Promise<void> {
  if (!url || !process.env.DATABASE_URL) return;
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    // Connections can take a moment to go after pool.end(); only then force the rest.
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
