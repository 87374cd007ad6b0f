import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { untar } from '@/server/db/untar';

/** The archive reader a PGlite image is unpacked with (decision 0057). */
describe('untar', () => {
  let root = '';
  afterEach(() => rm(root, { recursive: true, force: true }));

  async function archiveOf(build: (source: string) => Promise<void>): Promise<Buffer> {
    root = await mkdtemp(join(tmpdir(), 'untar-'));
    const source = join(root, 'source');
    await mkdir(source);
    await build(source);
    execFileSync('tar', ['--format=ustar', '-cf', join(root, 'a.tar'), '-C', source, '.']);
    return readFile(join(root, 'a.tar'));
  }

  it('unpacks folders and files, sizes across blocks and empty files, with their modes', async () => {
    const big = Buffer.alloc(8192 + 100, 7);
    const archive = await archiveOf(async (source) => {
      await mkdir(join(source, 'base', '5'), { recursive: true });
      await writeFile(join(source, 'PG_VERSION'), '17\n', { mode: 0o600 });
      await writeFile(join(source, 'base', '5', '1259'), big);
      await writeFile(join(source, 'base', 'empty'), '');
    });
    const out = join(root, 'out');
    untar(archive, out);
    expect(await readFile(join(out, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect((await readFile(join(out, 'base', '5', '1259'))).equals(big)).toBe(true);
    expect((await readFile(join(out, 'base', 'empty'))).length).toBe(0);
    expect((await stat(join(out, 'PG_VERSION'))).mode & 0o777).toBe(0o600);
  });

  it('refuses what a PGlite image never holds (a symbolic link)', async () => {
    const archive = await archiveOf(async (source) => {
      await writeFile(join(source, 'file'), 'x');
      await symlink('file', join(source, 'link'));
    });
    expect(() => untar(archive, join(root, 'out'))).toThrow(/not supported/);
  });
});
