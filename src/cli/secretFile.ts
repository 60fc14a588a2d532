/** Writing a secret for the operator to pick up: a file only the service's user may read. */
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/**
 * Writes `text` to `path` at mode 0600, whole or not at all (through a temporary file renamed into
 * place), and answers the absolute path. An existing file is replaced, never loosened: its mode is
 * set again, since `writeFile` keeps the mode of a file it reuses.
 */
export async function writeSecretFile(path: string, text: string): Promise<string> {
  const target = resolve(path);
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, text, { mode: 0o600, flag: 'wx' });
  await chmod(temporary, 0o600);
  await rename(temporary, target);
  return target;
}
