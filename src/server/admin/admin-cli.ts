import { createPaymentGateway } from '../adapters/payments/create-gateway';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { setFeatured } from '../modules/dares/featuring';
import { checkLedgerIntegrity } from '../modules/funding/ledger-check';
import { setRole } from '../modules/moderation/set-role';

/** Operator commands: `npm run admin -- <command> [args]` against the configured database. */
const USAGE = `Usage: npm run admin -- <command>
  feature <dareId>     add a dare to the trending "featured" list
  unfeature <dareId>   remove it
  check-ledger         verify dare totals, the double-entry ledger and that every card hold
                       is counted by a live pledge (exit 1 on a violation)
  set-role <email> <user|moderator|admin>
                       grant or take back the moderator role (moderators work /moderation)`;

const [command, arg, roleArg] = process.argv.slice(2);
const dareId = Number(arg);
const featuring = command === 'feature' || command === 'unfeature';
const settingRole = command === 'set-role';
const valid =
  (featuring && Number.isInteger(dareId)) ||
  command === 'check-ledger' ||
  (settingRole && Boolean(arg) && Boolean(roleArg));
if (!valid) {
  console.error(USAGE);
  process.exit(2);
}

async function feature(database: Database) {
  const app = await buildApp({ config, database });
  const dare = await setFeatured(app.ctx, dareId, command === 'feature');
  console.log(
    `${command === 'feature' ? 'Featured' : 'Unfeatured'} dare ${dare.id}: ${dare.title}`,
  );
  await app.close();
}

async function changeRole(database: Database) {
  const user = await setRole(database.db, arg!, roleArg!);
  console.log(`${user.username} (id ${user.id}) now has the role ${user.role}.`);
}

async function checkLedger(database: Database) {
  const gateway = createPaymentGateway({ db: database.db, config });
  const report = await checkLedgerIntegrity(database.db, { gateway });
  console.log(
    `Checked ${report.dares} dares (${report.livePledges} live pledges), ` +
      `${report.ledgerGroups} ledger groups (${report.ledgerRows} rows); ` +
      `$${(report.escrowHeldCents / 100).toFixed(2)} held in escrow.`,
  );
  if (report.problems.length === 0) {
    console.log('OK: no violations.');
    return;
  }
  console.error(`${report.problems.length} violation(s):`);
  for (const problem of report.problems) console.error(`  ${problem}`);
  process.exitCode = 1;
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database);
  if (featuring) await feature(database);
  else if (settingRole) await changeRole(database);
  else await checkLedger(database);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
