/** The `catalog` program, run as a process against a running server. */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_DATAHUB_FIXTURES } from './datahubFixtures.js';
import { enc, FIXTURES, http, runCatalog, startTestServer, tempDir, type TestServer } from './helpers.js';

const catalog = (...args: string[]) => runCatalog(args);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

// Each test is a \`catalog\` process of its own on entities of its own (the examples, DataHub's bootstrap
// file, tags of its own): they run at once.
describe.concurrent('catalog ingest', () => {
  it.skipIf(!HAS_DATAHUB_FIXTURES)('loads bootstrap_mce.json (snapshots and proposals) and reports a summary', async () => {
    const result = await catalog('ingest', join(FIXTURES, 'mce_files/bootstrap_mce.json'), '--server', s.url, '--batch-size', '25');
    expect(result.stdout).toContain('103 items from 1 file(s): 103 written, 0 rejected');
    expect(result.code).toBe(0);
    const user = await http(`${s.url}/entitiesV2/${enc('urn:li:corpuser:jdoe')}?aspects=List(corpUserInfo)`);
    expect(user.body.aspects.corpUserInfo.value.displayName).toBe('John Doe');
    const job = await http(
      `${s.url}/aspects/${enc('urn:li:dataJob:(urn:li:dataFlow:(airflow,dag_abc,PROD),task_123)')}?aspect=dataJobInputOutput&version=0`,
    );
    expect(job.status).toBe(200);
  });

  it('loads the examples folder', async () => {
    const result = await catalog('ingest', resolve(import.meta.dirname, '../examples'), '--server', s.url);
    const summary = /(\d+) items from (\d+) file\(s\): (\d+) written, 0 rejected/.exec(result.stdout);
    expect(Number(summary?.[2])).toBeGreaterThan(1);
    expect(Number(summary?.[3])).toBeGreaterThan(100);
    expect(result.code).toBe(0);
  });

  it('writes the good items of a file, and names each rejected one with the reason', async () => {
    const dir = tempDir();
    const file = join(dir, 'mixed.json');
    const ok = (name: string) => ({
      entityType: 'tag',
      entityUrn: `urn:li:tag:${name}`,
      changeType: 'UPSERT',
      aspectName: 'tagProperties',
      aspect: { json: { name } },
    });
    writeFileSync(
      file,
      JSON.stringify([
        ok('cli-1'),
        { ...ok('cli-2'), aspectName: 'bogus' },
        ok('cli-3'),
        { ...ok('cli-4'), aspect: { json: { description: 'no name' } } },
        { hello: 1 },
      ]),
    );
    const result = await catalog('ingest', file, '--server', s.url);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('5 items from 1 file(s): 2 written, 3 rejected');
    expect(result.stdout).toContain(`rejected ${file}[1]: proposals[0]: Unknown aspect bogus for entity tag`);
    expect(result.stdout).toMatch(/rejected .*mixed.json\[3\]: .*required field 'name' is missing/);
    expect(result.stdout).toMatch(/rejected .*mixed.json\[4\]: neither a MetadataChangeEvent/);
    expect((await http(`${s.url}/aspects/${enc('urn:li:tag:cli-3')}?aspect=tagProperties&version=0`)).status).toBe(200);
  });

  it('says clearly when the server cannot be reached', async () => {
    const result = await catalog('ingest', resolve(import.meta.dirname, '../examples'), '--server', 'http://127.0.0.1:9');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cannot reach the catalog at http://127.0.0.1:9');
  });
});

describe('catalog get', () => {
  it('prints the aspects of an entity', async () => {
    await http(`${s.url}/aspects?action=ingestProposal`, {
      body: {
        proposal: {
          entityType: 'tag',
          entityUrn: 'urn:li:tag:got',
          changeType: 'UPSERT',
          aspectName: 'tagProperties',
          aspect: { value: '{"name":"got"}' },
        },
      },
    });
    const result = await catalog('get', '--urn', 'urn:li:tag:got', '--server', s.url);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ tagKey: { name: 'got' }, tagProperties: { name: 'got' } });
    const one = await catalog('get', '--urn', 'urn:li:tag:got', '--aspect', 'tagProperties', '--server', s.url);
    expect(JSON.parse(one.stdout).tagProperties).toEqual({ name: 'got' });
  });
});

describe('catalog get of what is not stored', () => {
  it('says the entity is missing and exits 1, printing no aspect', async () => {
    const result = await catalog('get', '--urn', 'urn:li:tag:never-written', '--server', s.url);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('no entity urn:li:tag:never-written is stored');
  });
});

describe.concurrent('the access token in help and usage errors', () => {
  const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.secret-token-for-help.signature';
  it.each([['CATALOG_TOKEN'], ['DATAHUB_GMS_TOKEN']])('is named by %s, never printed', async (variable) => {
    const env = { ...process.env, CATALOG_SERVER: '', CATALOG_TOKEN: '', DATAHUB_GMS_TOKEN: '', [variable]: TOKEN };
    for (const args of [
      ['get', '--help'],
      ['rollback', '--help'],
      ['runs', 'show', '--help'],
      ['ingest', '--help'],
      ['delete', '--help'],
      // Usage errors print the command's help after the error.
      ['get'],
      ['rollback', '--no-such-option'],
    ]) {
      const result = await runCatalog(args, env);
      const output = result.stdout + result.stderr;
      expect(output, args.join(' ')).not.toContain(TOKEN);
      expect(output, args.join(' ')).not.toContain('secret-token');
      expect(output, args.join(' ')).toContain(`(default: from ${variable})`);
    }
  });
});
