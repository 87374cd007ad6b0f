import {
  ACCOUNT_EXPORT_FORMAT_VERSION,
  type AccountExportProfile,
  type AccountExportSectionName,
  accountExportSections,
} from '@/contracts/account-export';
import type { Tx } from '../../db/client';
import { SECTION_READERS } from './sections/all-sections';
import type { ExportScope, SectionReader } from './sections/shared';

/**
 * Rows read and written per query: a section of any length costs at most one page of memory
 * (a page of messages of the longest kind is about 1 MB of JSON).
 */
export const EXPORT_PAGE_ROWS = 500;

const ABOUT =
  'Your Darefund data. Amounts are US dollars: "cents" is exact, "formatted" as the app shows it. ' +
  'Other people appear only as they do on their public profiles.';

type Append = (text: string) => Promise<void>;

/** Pretty JSON nested `depth` levels in (JSON.stringify escapes newlines inside strings). */
const json = (value: unknown, depth: number) =>
  JSON.stringify(value, null, 2).replaceAll('\n', `\n${'  '.repeat(depth)}`);

/**
 * Writes the export file (contracts/account-export.ts) piece by piece: the profile, then each
 * section page by page in key order, all read through `tx` (one snapshot).
 */
export async function writeAccountExport(
  tx: Tx,
  scope: ExportScope,
  profile: AccountExportProfile,
  append: Append,
) {
  const head = {
    formatVersion: ACCOUNT_EXPORT_FORMAT_VERSION,
    exportedAt: scope.now.toISOString(),
    about: ABOUT,
    profile,
  };
  await append(json(head, 0).replace(/\n}$/, ''));
  for (const name of Object.keys(accountExportSections) as AccountExportSectionName[]) {
    await writeSection(
      tx,
      scope,
      name,
      SECTION_READERS[name] as SectionReader<typeof name>,
      append,
    );
  }
  await append('\n}\n');
}

async function writeSection(
  tx: Tx,
  scope: ExportScope,
  name: AccountExportSectionName,
  read: SectionReader<AccountExportSectionName>,
  append: Append,
) {
  await append(`,\n  ${JSON.stringify(name)}: [`);
  let after = 0;
  let written = 0;
  for (;;) {
    const page = await read(tx, scope, after, EXPORT_PAGE_ROWS);
    if (page.length > 0) {
      const rows = page.map(({ row }, index) => {
        const separator = written + index === 0 ? '' : ',';
        return `${separator}\n    ${json(row, 2)}`;
      });
      await append(rows.join(''));
      written += page.length;
      after = page.at(-1)!.key;
    }
    if (page.length < EXPORT_PAGE_ROWS) break;
  }
  await append(written === 0 ? ']' : '\n  ]');
}
