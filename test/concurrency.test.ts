/**
 * No acknowledged write is lost when people edit at once: two service processes on one database,
 * eight clients each, every client making 60 changes (REST PATCH proposals to aspects that do not
 * exist yet and to ones that do, GraphQL owner edits, GraphQL edits of single fields of one aspect),
 * all at the same time: at each step, the sixteen clients change the same aspect. Afterwards every change that was answered with success is there, and the
 * history of a contended aspect has no version gap. Runs on the backend under test (SQLite: two
 * processes on one file; PostgreSQL: two processes on one database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/store/index.js';
import { CATALOG_CMD, createTestDatabase, freePort, http, mcp, TEST_DATABASE_URL, tempDir, waitHealthy } from './helpers.js';

const REPLICAS = 2;
const CLIENTS = 8;
const OPS = 60;
const KINDS = 4;
const OPS_PER_KIND = OPS / KINDS;

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,conc.${name},PROD)`;
const newDataset = (j: number) => ds(`new_${j}`);
const existingDataset = (j: number) => ds(`existing_${j}`);
const ownedDataset = (j: number) => ds(`owned_${j}`);
const tagOf = (k: number, j: number) => `urn:li:tag:k${k}-j${j}`;
const ownerOf = (k: number, j: number) => `urn:li:corpuser:owner-k${k}-j${j}`;
const formerOwnerOf = (k: number, j: number) => `urn:li:corpuser:former-k${k}-j${j}`;
/** Tags whose single fields (description, colour, name) several clients edit at once. */
const fieldTag = (j: number, group: number) => `urn:li:tag:field-${j}-${group}`;
const clientIds = Array.from({ length: REPLICAS * CLIENTS }, (_, k) => k);
const opsOfKind = (kind: number) => Array.from({ length: OPS_PER_KIND }, (_, i) => i * KINDS + kind);

const patch = (urn: string, aspectName: string, ops: unknown[]) => ({
  entityType: urn.split(':')[2],
  entityUrn: urn,
  changeType: 'PATCH',
  aspectName,
  aspect: { value: JSON.stringify(ops), contentType: 'application/json' },
});

/** What client k writes at step j of a field edit: which field of which tag, and the value. */
function fieldEdit(k: number, j: number): { urn: string; field: 'description' | 'colorHex' | 'name'; value: string } {
  const urn = fieldTag(j, k >> 2);
  const role = k & 3;
  if (role === 1) return { urn, field: 'colorHex', value: `#${String(k).padStart(2, '0')}${String(j).padStart(4, '0')}` };
  if (role === 2) return { urn, field: 'name', value: `name by ${k} at ${j}` };
  return { urn, field: 'description', value: `description by ${k} at ${j}` };
}

describe('concurrent writers through two processes', () => {
  const procs: ChildProcess[] = [];
  const urls: string[] = [];
  let databaseUrl = '';
  let cleanup: () => Promise<void> = async () => undefined;
  const failures: string[] = [];
  /** What the processes logged as errors: shown when a change failed. */
  const errorLogs: string[] = [];

  const post = (url: string, body: unknown) => http(url, { body });
  const graphql = async (url: string, query: string, variables: Record<string, unknown>) => {
    const r = await post(`${url}/api/graphql`, { query, variables });
    if (r.status !== 200 || r.body?.errors) throw new Error(`${query.slice(0, 40)}: ${r.status} ${r.text}`);
    return r.body.data;
  };

  beforeAll(async () => {
    const dir = tempDir();
    if (TEST_DATABASE_URL) {
      const db = await createTestDatabase();
      databaseUrl = db.url;
      cleanup = async () => {
        await db.drop();
        rmSync(dir, { recursive: true, force: true });
      };
    } else {
      databaseUrl = `sqlite:${join(dir, 'catalog.db')}`;
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    // The first process creates the database; the second starts on it once it is there.
    const [cmd, ...args] = CATALOG_CMD;
    for (let i = 0; i < REPLICAS; i++) {
      const port = await freePort();
      const proc = spawn(cmd, [...args, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: 'warn',
          AUTH_ENABLED: 'false',
          DATABASE_POOL_SIZE: '6',
          MAX_ASPECT_VERSIONS: '0',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      proc.stdout!.on('data', (chunk: Buffer) =>
        errorLogs.push(
          ...chunk
            .toString()
            .split('\n')
            .filter((line) => line.includes('"level":50')),
        ),
      );
      procs.push(proc);
      const url = `http://127.0.0.1:${port}`;
      await waitHealthy(url, 30_000);
      urls.push(url);
    }

    // What the clients edit: owners and tags that exist, a dataset with a tag, one with owners to remove.
    const setup = [
      ...opsOfKind(1).map((j) => mcp(existingDataset(j), 'globalTags', { tags: [{ tag: 'urn:li:tag:seed' }] })),
      ...opsOfKind(2).map((j) =>
        mcp(ownedDataset(j), 'ownership', { owners: clientIds.map((k) => ({ owner: formerOwnerOf(k, j), type: 'TECHNICAL_OWNER' })) }),
      ),
      ...clientIds.flatMap((k) => opsOfKind(2).map((j) => mcp(ownerOf(k, j), 'corpUserInfo', { active: true }))),
      ...opsOfKind(3).flatMap((j) => [0, 1, 2, 3].map((g) => mcp(fieldTag(j, g), 'tagProperties', { name: `field ${j} ${g}` }))),
    ];
    const r = await post(`${urls[0]}/aspects?action=ingestProposalBatch`, { proposals: setup });
    expect(r.status, r.text).toBe(200);
  }, 60_000);

  afterAll(async () => {
    for (const p of procs) p.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    await cleanup();
  });

  /** One client's changes, in order; a failed change is recorded, not thrown, so the others go on. */
  async function client(k: number): Promise<void> {
    const url = urls[k % REPLICAS]!;
    for (let j = 0; j < OPS; j++) {
      try {
        switch (j % KINDS) {
          case 0: {
            // A PATCH to an aspect that does not exist yet: all sixteen clients create it at once.
            const r = await post(`${url}/aspects?action=ingestProposal`, {
              proposal: patch(newDataset(j), 'globalTags', [{ op: 'add', path: `/tags/${tagOf(k, j)}`, value: { tag: tagOf(k, j) } }]),
            });
            if (r.status !== 200) throw new Error(`${r.status} ${r.text}`);
            break;
          }
          case 1: {
            const r = await post(`${url}/aspects?action=ingestProposal`, {
              proposal: patch(existingDataset(j), 'globalTags', [{ op: 'add', path: `/tags/${tagOf(k, j)}`, value: { tag: tagOf(k, j) } }]),
            });
            if (r.status !== 200) throw new Error(`${r.status} ${r.text}`);
            break;
          }
          case 2:
            await graphql(url, 'mutation($i: RemoveOwnerInput!) { removeOwner(input: $i) }', {
              i: { ownerUrn: formerOwnerOf(k, j), resourceUrn: ownedDataset(j) },
            });
            await graphql(url, 'mutation($i: AddOwnerInput!) { addOwner(input: $i) }', {
              i: { ownerUrn: ownerOf(k, j), ownerEntityType: 'CORP_USER', type: 'TECHNICAL_OWNER', resourceUrn: ownedDataset(j) },
            });
            break;
          case 3: {
            const e = fieldEdit(k, j);
            if (e.field === 'description') {
              await graphql(url, 'mutation($i: DescriptionUpdateInput!) { updateDescription(input: $i) }', {
                i: { description: e.value, resourceUrn: e.urn },
              });
            } else if (e.field === 'colorHex') {
              await graphql(url, 'mutation($u: String!, $c: String!) { setTagColor(urn: $u, colorHex: $c) }', { u: e.urn, c: e.value });
            } else {
              await graphql(url, 'mutation($i: UpdateNameInput!) { updateName(input: $i) }', { i: { name: e.value, urn: e.urn } });
            }
            break;
          }
        }
      } catch (err) {
        failures.push(`client ${k} step ${j}: ${(err as Error).message}`);
      }
    }
  }

  it('keeps every acknowledged change, with no version gap', async () => {
    await Promise.all(clientIds.map(client));
    expect(failures, errorLogs.slice(0, 5).join('\n')).toEqual([]);

    const store = await openStore(databaseUrl, { poolSize: 2 });
    try {
      const latest = async (urn: string, aspect: string) =>
        (await store.getAspect(urn, aspect, 0))?.value as Record<string, any> | undefined;
      const tags = async (urn: string) => new Set(((await latest(urn, 'globalTags'))?.tags ?? []).map((t: { tag: string }) => t.tag));

      for (const j of opsOfKind(0))
        expect(await tags(newDataset(j)), `new dataset ${j}`).toEqual(new Set(clientIds.map((k) => tagOf(k, j))));
      for (const j of opsOfKind(1))
        expect(await tags(existingDataset(j)), `existing dataset ${j}`).toEqual(
          new Set(['urn:li:tag:seed', ...clientIds.map((k) => tagOf(k, j))]),
        );
      for (const j of opsOfKind(2)) {
        const owners = new Set(((await latest(ownedDataset(j), 'ownership'))?.owners ?? []).map((o: { owner: string }) => o.owner));
        expect(owners, `owned dataset ${j}`).toEqual(new Set(clientIds.map((k) => ownerOf(k, j))));
      }

      for (const j of opsOfKind(3)) {
        for (let g = 0; g < 4; g++) {
          const props = await latest(fieldTag(j, g), 'tagProperties');
          const written = clientIds.filter((k) => k >> 2 === g).map((k) => fieldEdit(k, j));
          for (const field of ['description', 'colorHex', 'name'] as const) {
            // Each field holds one of the values written to it (whichever came last), never a stale one.
            expect(
              written.filter((e) => e.field === field).map((e) => e.value),
              `${fieldTag(j, g)} ${field}`,
            ).toContain(props?.[field]);
          }
        }
      }

      // Every change to a contended aspect is one version: the latest (0) and history 1..N, with no gap.
      for (const [urn, aspect, changes] of [
        ...opsOfKind(0).map((j) => [newDataset(j), 'globalTags', clientIds.length] as const),
        ...opsOfKind(1).map((j) => [existingDataset(j), 'globalTags', 1 + clientIds.length] as const),
        ...opsOfKind(2).map((j) => [ownedDataset(j), 'ownership', 1 + 2 * clientIds.length] as const),
      ]) {
        const versions = await store.transaction((tx) => tx.getVersions(urn, aspect));
        expect(
          versions.map((v) => v.version),
          `${urn} ${aspect}`,
        ).toEqual(Array.from({ length: changes }, (_, i) => i));
      }
    } finally {
      await store.close();
    }
  }, 300_000);
});
