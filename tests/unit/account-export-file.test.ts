import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { spoolFile } from '@/server/modules/account-export/export-file';
import { exportFilename } from '@/server/modules/account-export/service';

const leftovers = async () =>
  (await readdir(tmpdir())).filter((name) => name.startsWith('darefund-export-'));

describe('the export spool file', () => {
  it('gives back what was written, with its size in bytes, and leaves nothing in the temp folder', async () => {
    const before = await leftovers();
    const file = await spoolFile(async (append) => {
      await append('{"name": ');
      // While it is written, the file already has no name anywhere.
      expect(await leftovers()).toEqual(before);
      await append('"Zoë 🎉"}');
    });
    expect(file.size).toBe(Buffer.byteLength('{"name": "Zoë 🎉"}'));
    expect(JSON.parse(await text(file.stream))).toEqual({ name: 'Zoë 🎉' });
    expect(await leftovers()).toEqual(before);
  });

  it('closes the file and passes the error on when writing fails', async () => {
    const failure = new Error('database went away');
    await expect(
      spoolFile(async (append) => {
        await append('{');
        throw failure;
      }),
    ).rejects.toBe(failure);
  });
});

describe('the export file name', () => {
  const at = new Date('2026-03-04T23:59:00Z');
  it('is the username and the UTC date', () => {
    expect(exportFilename({ id: 7, username: 'mia.k_1' }, at)).toBe(
      'darefund-export-mia.k_1-2026-03-04.json',
    );
  });
  it('keeps only characters safe in a header, else uses the id', () => {
    expect(exportFilename({ id: 7, username: 'a"b\r\nc' }, at)).toBe(
      'darefund-export-abc-2026-03-04.json',
    );
    expect(exportFilename({ id: 7, username: '"' }, at)).toBe('darefund-export-7-2026-03-04.json');
  });
});
