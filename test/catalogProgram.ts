/**
 * The `catalog` program the tests spawn, compiled once per run (vitest's globalSetup). Run from
 * source through tsx, each process compiled every module it loaded again in its loader: about 0.9 s
 * of CPU a `catalog serve`, 0.3 s a CLI command, over a suite that starts dozens. Here the same
 * compiler tsx runs (esbuild, tsx's own dependency) turns src/ into JavaScript once, in a folder laid
 * out as the package is (src/, package.json, dist/ for the web UI), and the processes load that.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

const ROOT = resolve(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder the program was compiled to: its entry point is src/cli/bin.js there. */
    catalogProgram: string;
  }
}

/** Compiles the program into a fresh folder, and answers it. */
export async function compileCatalog(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'catalog-program-'));
  const sources = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[]).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  await build({
    entryPoints: sources.map((f) => join(ROOT, 'src', f)),
    outdir: join(out, 'src'),
    outbase: join(ROOT, 'src'),
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node}`,
    logLevel: 'error',
  });
  // What the program reads beside its modules (the GraphQL SDL…), and above them: package.json (its
  // version, and "type": "module"), node_modules, and dist/ui (the web UI).
  for (const f of readdirSync(join(ROOT, 'src'), { recursive: true }) as string[])
    if (/\.(graphql|txt)$/.test(f)) cpSync(join(ROOT, 'src', f), join(out, 'src', f));
  for (const name of ['package.json', 'node_modules', 'dist']) symlinkSync(join(ROOT, name), join(out, name));
  return out;
}

/** The compiled program, shared by the projects (each runs this setup): compiled once, removed after the last. */
const shared = globalThis as { catalogProgram?: { folder: Promise<string>; projects: number } };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.catalogProgram ??= { folder: compileCatalog(), projects: 0 };
  const program = shared.catalogProgram;
  program.projects++;
  project.provide('catalogProgram', await program.folder);
  return async () => {
    if (--program.projects > 0) return;
    delete shared.catalogProgram;
    rmSync(await program.folder, { recursive: true, force: true });
  };
}
