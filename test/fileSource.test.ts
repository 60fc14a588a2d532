/**
 * The in-process `file` source reads only inside INGESTION_FILE_ROOT, and nothing without it. A
 * test connection or a run of a path outside the root (the shadow file, the database, an SSH key,
 * node_modules, `/`, /dev/zero), or reached through a symlink leading out, gets one message whether
 * or not the path exists; devices, fifos and oversized files are never read; a folder's walk stays
 * inside too; a file inside the root still lands.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/actors.js';
import { FileRoot, MAX_FILE_BYTES, NO_ROOT_MESSAGE, unreachable } from '../src/domains/ingestion/fileRoot.js';
import { createServices } from '../src/domains/services.js';
import { http, mcp, startTestServer, tempDir, type TestServer } from './helpers.js';

type Json = any;

const root = tempDir('file-root-');
const outside = tempDir('file-outside-');
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const metadata = (name: string) => JSON.stringify([mcp(ds(name), 'datasetProperties', { description: name })]);
const recipe = (path: string) => JSON.stringify({ source: { type: 'file', config: { path } } });

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ ingestionFileRoot: root });
  writeFileSync(join(outside, 'secret.json'), metadata('outside.leak'));
  mkdirSync(join(root, 'good'));
  writeFileSync(join(root, 'good', 'good.json'), metadata('inside.ok'));
  symlinkSync(join(outside, 'secret.json'), join(root, 'good', 'escape.json'));
  symlinkSync(join(outside, 'missing.json'), join(root, 'good', 'dangling.json'));
  symlinkSync(outside, join(root, 'good', 'outdir'));
  symlinkSync(join(root, 'good'), join(root, 'good', 'loop'));
  execFileSync('mkfifo', [join(root, 'good', 'pipe.json')]);
  mkdirSync(join(root, 'big'));
  // Sparse: no disk is used.
  writeFileSync(join(root, 'big', 'huge.json'), '');
  truncateSync(join(root, 'big', 'huge.json'), MAX_FILE_BYTES + 1);
});
afterAll(async () => {
  await s?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

async function gql(query: string, variables: Json = {}): Promise<Json> {
  const reply = await http(`${s.url}/api/graphql`, { body: { query, variables } });
  expect(reply.body.errors, JSON.stringify(reply.body.errors)).toBeUndefined();
  return reply.body.data;
}

async function finished(urn: string): Promise<Json> {
  for (let i = 0; i < 200; i++) {
    const { executionRequest } = await gql(
      'query($urn: String!) { executionRequest(urn: $urn) { result { status report structuredReport { serializedValue } } } }',
      { urn },
    );
    if (executionRequest.result && executionRequest.result.status !== 'RUNNING') return executionRequest.result;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`run ${urn} did not end`);
}

/** Why a test connection of `path` failed, or 'capable'. */
async function testConnection(path: string): Promise<string> {
  const { createTestConnectionRequest: urn } = await gql(
    'mutation($recipe: String!) { createTestConnectionRequest(input: {recipe: $recipe}) }',
    {
      recipe: recipe(path),
    },
  );
  const report = JSON.parse((await finished(urn)).structuredReport.serializedValue).basic_connectivity;
  return report.capable ? 'capable' : report.failure_reason;
}

async function run(path: string): Promise<{ status: string; report: string }> {
  const { createIngestionSource: source } = await gql(
    'mutation($input: UpdateIngestionSourceInput!) { createIngestionSource(input: $input) }',
    {
      input: { name: `run ${path}`, type: 'file', config: { recipe: recipe(path), executorId: 'default' } },
    },
  );
  const { createIngestionExecutionRequest: urn } = await gql(
    'mutation($source: String!) { createIngestionExecutionRequest(input: {ingestionSourceUrn: $source}) }',
    { source },
  );
  return finished(urn);
}

const exists = async (urn: string) => (await http(`${s.url}/entities?action=exists`, { body: { urn } })).body.value as boolean;

describe('the file source', () => {
  it('says the same of a path outside the root whether or not it exists, in a test connection and in a run', async () => {
    const paths = [
      '/etc/shadow',
      '/etc/no-such-file-here',
      join(outside, 'secret.json'),
      join(outside, 'missing.json'),
      join(s.dir, 'catalog.db'),
      join(homedir(), '.ssh', 'id_rsa'),
      resolve(import.meta.dirname, '../node_modules'),
      'node_modules',
      `../${outside.split('/').pop()}/secret.json`,
      '/',
      '/dev/zero',
    ];
    const reasons = await Promise.all(paths.map(testConnection));
    expect(reasons).toEqual(paths.map(unreachable));
    // Six runs of /dev/zero at once, as in the report that took the process to 3 GB: each refused at once.
    const runs = await Promise.all([...paths.slice(0, 4), '/', ...Array(6).fill('/dev/zero')].map(run));
    expect(runs.map((r) => [r.status, r.report])).toEqual(
      [...paths.slice(0, 4), '/', ...Array(6).fill('/dev/zero')].map((p) => ['FAILURE', `Ingestion failed: ${unreachable(p)}`]),
    );
    expect(await exists(ds('outside.leak'))).toBe(false);
  });

  it('refuses a symlink leading out of the root, to a file that exists or not, or to a folder', async () => {
    const links = ['good/escape.json', 'good/dangling.json', 'good/outdir', 'good/outdir/secret.json'].map((p) => join(root, p));
    expect(await Promise.all(links.map(testConnection))).toEqual(links.map(unreachable));
  });

  it('walks a folder without leaving the root or reading a fifo, and lands what is inside', async () => {
    expect(await testConnection(join(root, 'good'))).toBe('capable');
    expect(await testConnection(join(root, 'good', 'good.json'))).toBe('capable');
    const result = await run(join(root, 'good'));
    expect(result.status, result.report).toBe('SUCCESS');
    // good.json only: the links leading out, the loop back to the root and the fifo are passed over.
    expect(result.report).toContain('read 1 file(s)');
    expect(await exists(ds('inside.ok'))).toBe(true);
    expect(await exists(ds('outside.leak'))).toBe(false);
    // A path relative to the root reads the same.
    expect(await testConnection('good/good.json')).toBe('capable');
  });

  it('reads only regular files, of at most MAX_FILE_BYTES', async () => {
    expect(await testConnection(join(root, 'good', 'pipe.json'))).toMatch(/is not a regular file or a folder/);
    expect(await testConnection(join(root, 'big', 'huge.json'))).toMatch(/reads files of at most/);
    const big = await run(join(root, 'big'));
    expect(big.status).toBe('FAILURE');
    expect(big.report).toMatch(/huge\.json: .* reads files of at most/);
    // Even a root holding devices reads none of them.
    await expect(new FileRoot('/dev').locate('/dev/zero')).rejects.toThrow(/not a regular file/);
    await expect(new FileRoot('/dev').read('/dev/zero')).rejects.toThrow(/not a regular file/);
  });

  it('is refused, naming INGESTION_FILE_ROOT, when no root is set', async () => {
    const unset = createServices(s.services.store);
    await expect(unset.ingestion.testConnection(SYSTEM_ACTOR, recipe(join(root, 'good')), null)).rejects.toMatchObject({
      kind: 'bad_request',
      message: NO_ROOT_MESSAGE,
    });
    expect(NO_ROOT_MESSAGE).toContain('INGESTION_FILE_ROOT');
  });
});
