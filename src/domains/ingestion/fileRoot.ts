/**
 * Where the in-process `file` source may read: under one folder an operator names
 * (INGESTION_FILE_ROOT), and nowhere without one. Whoever may manage ingestion names the path, so
 * the path must not become a way to probe or read the service's machine: it is resolved with
 * `realpath` (a symlink leading out of the root is out of it), only regular files are read (never
 * a device or a fifo, which would block or never end), each up to a size, and a folder is walked
 * with every entry confined the same way. A path that cannot be read for being outside the root, or
 * for not existing, gets one message, so the answer says nothing about what lies outside.
 */
import { constants } from 'node:fs';
import { open, readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * The largest file read. A file is read whole and parsed (JSON text takes a few times its size once
 * parsed), so 64 MiB, about a hundred thousand aspects, keeps a run within a few hundred MB; a
 * larger dump can be split into a folder of files, or sent with `catalog ingest`.
 */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** The most files a run reads, and the most folder entries its walk looks at. */
export const MAX_FILES = 10_000;
const MAX_ENTRIES = 100_000;
const CHUNK = 1024 * 1024;

export const NO_ROOT_MESSAGE =
  'The file source is off on this service: set INGESTION_FILE_ROOT to the folder whose files recipes may read, and restart it';

/** The one answer for a path outside the root or missing: which of the two is not said. */
export const unreachable = (path: string) => `No file or folder ${path} inside the ingestion root (INGESTION_FILE_ROOT)`;

export class FileRoot {
  constructor(private readonly root: string | undefined) {}

  get configured(): boolean {
    return this.root !== undefined;
  }

  /** The real path of `path` (relative paths are under the root), when it is a regular file or a folder inside the root. */
  async locate(path: string): Promise<{ real: string; kind: 'file' | 'folder' }> {
    const root = await this.realRoot();
    // Outside the root as written: refused without touching the filesystem.
    const lexical = resolve(root, path);
    if (!inside(root, lexical)) throw new Error(unreachable(path));
    const real = await realpath(lexical).catch(() => undefined);
    if (real === undefined || !inside(root, real)) throw new Error(unreachable(path));
    const info = await stat(real).catch(() => undefined);
    if (!info) throw new Error(unreachable(path));
    if (info.isDirectory()) return { real, kind: 'folder' };
    if (!info.isFile()) throw new Error(`${path} is not a regular file or a folder`);
    if (info.size > MAX_FILE_BYTES) throw new Error(tooLarge(path, info.size));
    return { real, kind: 'file' };
  }

  /** The files a run of `path` reads: the file itself, or the `*.json` files under the folder, in name order, all inside the root. */
  async list(path: string): Promise<string[]> {
    const top = await this.locate(path);
    if (top.kind === 'file') return [top.real];
    const root = await this.realRoot();
    const files: string[] = [];
    const walked = new Set<string>();
    let entries = 0;
    const add = (file: string) => {
      if (files.length >= MAX_FILES) throw new Error(`${path} holds more than ${MAX_FILES} metadata files, the most a run reads`);
      files.push(file);
    };
    const walk = async (dir: string): Promise<void> => {
      // A symlink back to a folder already walked would loop.
      if (walked.has(dir)) return;
      walked.add(dir);
      const list = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
      entries += list.length;
      if (entries > MAX_ENTRIES) throw new Error(`${path} holds more than ${MAX_ENTRIES} entries; name a smaller folder`);
      for (const e of list) {
        const entry = join(dir, e.name);
        if (e.isDirectory()) await walk(entry);
        else if (e.isFile()) {
          if (e.name.endsWith('.json')) add(entry);
        } else if (e.isSymbolicLink()) {
          // Followed only where it stays inside the root; one leading out, or nowhere, is passed over
          // without a word, so a listing says nothing about the other side.
          const real = await realpath(entry).catch(() => undefined);
          const info = real !== undefined && inside(root, real) ? await stat(real).catch(() => undefined) : undefined;
          if (info?.isDirectory()) await walk(real!);
          else if (info?.isFile() && e.name.endsWith('.json')) add(real!);
        }
        // Devices, fifos and sockets are never read.
      }
    };
    await walk(top.real);
    return files;
  }

  /** A file's text, read only when it is still a regular file of at most MAX_FILE_BYTES once open. */
  async read(file: string): Promise<string> {
    // Not following a link, and not waiting on a fifo's writer: what is open is checked before it is read.
    const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new Error(`${file} is not a regular file`);
      if (info.size > MAX_FILE_BYTES) throw new Error(tooLarge(file, info.size));
      const chunks: Buffer[] = [];
      let total = 0;
      for (;;) {
        const { bytesRead, buffer } = await handle.read(Buffer.alloc(CHUNK), 0, CHUNK, null);
        if (bytesRead === 0) break;
        total += bytesRead;
        // It may have grown since it was measured.
        if (total > MAX_FILE_BYTES) throw new Error(tooLarge(file, total));
        chunks.push(buffer.subarray(0, bytesRead));
      }
      return Buffer.concat(chunks, total).toString('utf8');
    } finally {
      await handle.close();
    }
  }

  private async realRoot(): Promise<string> {
    if (this.root === undefined) throw new Error(NO_ROOT_MESSAGE);
    const real = await realpath(this.root).catch(() => undefined);
    const info = real !== undefined ? await stat(real).catch(() => undefined) : undefined;
    if (!info?.isDirectory()) throw new Error(`INGESTION_FILE_ROOT (${this.root}) is not a folder on this service's machine`);
    return real!;
  }
}

function inside(root: string, path: string): boolean {
  const r = relative(root, path);
  return r === '' || (r !== '..' && !r.startsWith(`..${sep}`) && !isAbsolute(r));
}

const tooLarge = (path: string, size: number) =>
  `${path} is ${size} bytes; the file source reads files of at most ${MAX_FILE_BYTES} bytes (64 MiB): split it into a folder of files`;
