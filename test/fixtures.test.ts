/**
 * DataHub's own metadata files load and read back unchanged: the bootstrap MCE file through
 * `entities?action=ingest` (its MCPs through `ingestProposal`), and every golden MCP file through
 * `ingestProposalBatch`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, FIXTURES, http, startTestServer, type TestServer } from './helpers.js';

type Json = any;

const load = (path: string): Json[] => {
  const doc = JSON.parse(readFileSync(path, 'utf8'));
  return Array.isArray(doc) ? doc : [doc];
};

/**
 * What DataHub's Python client turns Avro JSON into before sending it: nulls dropped, optional values
 * unwrapped (`{"string": "x"}` → "x"), `pegasus2avro` names shortened, field discriminators
 * resolved. Written independently of the server's normalizer, to check it.
 */
function pegasusOf(v: Json): Json {
  if (Array.isArray(v)) return v.map(pegasusOf);
  if (v === null || typeof v !== 'object') return v;
  const keys = Object.keys(v);
  const only = keys.length === 1 ? keys[0] : undefined;
  if (only !== undefined && ['string', 'int', 'long', 'boolean', 'double', 'float'].includes(only) && typeof v[only] !== 'object')
    return v[only];
  if (only === 'array' && Array.isArray(v.array)) return pegasusOf(v.array);
  if (only?.startsWith('com.linkedin.pegasus2avro.')) {
    const name = only.replace('com.linkedin.pegasus2avro.', 'com.linkedin.');
    return { [name]: pegasusOf(v[only]) };
  }
  if (typeof v.fieldDiscriminator === 'string') return { [v.fieldDiscriminator]: pegasusOf(v[v.fieldDiscriminator]) };
  return Object.fromEntries(keys.filter((k) => v[k] !== null).map((k) => [k, pegasusOf(v[k])]));
}

/**
 * Members of Pegasus unions that the Avro file writes bare; the server wraps them in their member
 * key, as the Python client does when it serializes.
 */
const UNION_FIXUPS: Record<string, (value: Json) => Json> = {
  'com.linkedin.chart.ChartInfo': (v) => ({ ...v, inputs: v.inputs?.map((i: Json) => (typeof i === 'string' ? { string: i } : i)) }),
  'com.linkedin.datajob.DataJobInfo': (v) => ({
    ...v,
    type: typeof v.type === 'string' ? { 'com.linkedin.datajob.azkaban.AzkabanJobType': v.type } : v.type,
  }),
};

describe("DataHub's fixtures", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.close());

  const readAspect = async (urn: string, fqn: string) => {
    const aspect = s.services.registry.aspectByFqn(fqn)!;
    const reply = await http(`${s.url}/aspects/${enc(urn)}?aspect=${aspect.name}&version=0`);
    expect(reply.status, `${urn} ${aspect.name}: ${reply.text}`).toBe(200);
    return reply.body.aspect[aspect.fqn];
  };

  /** An MCP's aspect, read back from where it is stored (versioned store or timeseries table). */
  const readProposal = async (p: Json) => {
    const spec = s.services.registry.aspects.get(p.aspectName)!;
    const sent = p.aspect.json ?? JSON.parse(p.aspect.value);
    if (spec.kind === 'timeseries') {
      const points = await s.services.store.getTimeseries(p.entityUrn, p.aspectName, {
        startTimeMillis: sent.timestampMillis,
        endTimeMillis: sent.timestampMillis,
        limit: 100,
      });
      return { sent, read: points.map((pt) => pt.value) };
    }
    const reply = await http(`${s.url}/aspects/${enc(p.entityUrn)}?aspect=${p.aspectName}&version=0`);
    expect(reply.status, `${p.entityUrn} ${p.aspectName}: ${reply.text}`).toBe(200);
    return { sent, read: [reply.body.aspect[spec.fqn]] };
  };

  it('loads bootstrap_mce.json and reads every aspect back unchanged', async () => {
    const items = load(join(FIXTURES, 'mce_files/bootstrap_mce.json'));
    const mces = items.filter((i) => i.proposedSnapshot);
    const mcps = items.filter((i) => !i.proposedSnapshot);
    expect(mces.length + mcps.length).toBe(103);

    for (const mce of mces) {
      const reply = await http(`${s.url}/entities?action=ingest`, { body: { entity: { value: mce.proposedSnapshot } } });
      expect(reply.status, reply.text).toBe(200);
    }
    for (const p of mcps) {
      const reply = await http(`${s.url}/aspects?action=ingestProposal`, { body: { proposal: p } });
      expect(reply.status, reply.text).toBe(200);
    }

    let compared = 0;
    for (const mce of mces) {
      const [snapshot] = Object.values(mce.proposedSnapshot) as Json[];
      for (const aspect of snapshot.aspects) {
        const avroName = Object.keys(aspect)[0]!;
        const fqn = avroName.replace('com.linkedin.pegasus2avro.', 'com.linkedin.');
        const fix = UNION_FIXUPS[fqn] ?? ((v: Json) => v);
        expect(await readAspect(snapshot.urn, fqn), `${snapshot.urn} ${fqn}`).toEqual(fix(pegasusOf(aspect[avroName])));
        compared++;
      }
    }
    for (const p of mcps) {
      const { sent, read } = await readProposal(p);
      expect(read, `${p.entityUrn} ${p.aspectName}`).toContainEqual(sent);
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('reads the legacy snapshot of a bootstrap dataset in the same shape it was written', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:kafka,SampleKafkaDataset,PROD)';
    const reply = await http(`${s.url}/entities/${enc(urn)}`);
    const snapshot = reply.body.value['com.linkedin.metadata.snapshot.DatasetSnapshot'];
    const names = snapshot.aspects.map((a: Json) => Object.keys(a)[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        'com.linkedin.metadata.key.DatasetKey',
        'com.linkedin.schema.SchemaMetadata',
        'com.linkedin.common.Ownership',
        'com.linkedin.common.BrowsePaths',
      ]),
    );
    // The stored browse path wins over the default.
    expect(snapshot.aspects.find((a: Json) => a['com.linkedin.common.BrowsePaths'])['com.linkedin.common.BrowsePaths'].paths).toEqual([
      '/prod/kafka/SampleKafkaDataset',
    ]);
  });

  const goldens = readdirSync(join(FIXTURES, 'goldens')).filter((f) => f.endsWith('.json'));
  /**
   * A PATCH proposal reads back as the aspect its operations describe. Its exact structure is the
   * patch engine's unit tests' business; here each `add` must be visible in the stored aspect.
   */
  const expectPatched = async (p: Json) => {
    const spec = s.services.registry.aspects.get(p.aspectName)!;
    const reply = await http(`${s.url}/aspects/${enc(p.entityUrn)}?aspect=${p.aspectName}&version=0`);
    expect(reply.status, reply.text).toBe(200);
    const value = reply.body.aspect[spec.fqn];
    for (const op of p.aspect.json) {
      const [, field, ...keys] = op.path.split('/');
      if (field === 'upstreams') expect(value.upstreams).toContainEqual(op.value);
      else if (field === 'fineGrainedLineages') {
        const [transformOperation, downstream, query, upstream] = keys;
        expect(value.fineGrainedLineages, op.path).toContainEqual(
          expect.objectContaining({
            transformOperation,
            downstreams: [downstream],
            upstreams: expect.arrayContaining([upstream]),
            ...(query === 'NONE' ? {} : { query }),
          }),
        );
      } else throw new Error(`no check for patch path ${op.path}`);
    }
  };

  /** Timeseries points with the same identity overwrite each other: only the last one sent is kept. */
  const lastPerIdentity = (items: Json[]) => {
    const identity = (p: Json) => {
      const v = p.aspect.json ?? JSON.parse(p.aspect.value);
      return JSON.stringify([p.entityUrn, p.aspectName, v.timestampMillis, v.eventGranularity, v.partitionSpec, v.messageId]);
    };
    const isTimeseries = (p: Json) => s.services.registry.aspects.get(p.aspectName)?.kind === 'timeseries';
    return items.filter((p, i) => !isTimeseries(p) || !items.slice(i + 1).some((q) => isTimeseries(q) && identity(q) === identity(p)));
  };

  it.each(goldens)('loads goldens/%s through ingestProposalBatch and reads it back unchanged', async (file) => {
    const items = load(join(FIXTURES, 'goldens', file));
    // The wire form carries the aspect as a JSON string.
    const proposals = items.map((p) => {
      const { aspect, ...rest } = p;
      return { ...rest, aspect: { value: aspect.value ?? JSON.stringify(aspect.json), contentType: 'application/json' } };
    });
    const reply = await http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals, async: 'false' } });
    expect(reply.status, reply.text).toBe(200);
    for (const p of lastPerIdentity(items)) {
      if (p.changeType === 'PATCH') {
        await expectPatched(p);
        continue;
      }
      const { sent, read } = await readProposal(p);
      expect(read, `${p.entityUrn} ${p.aspectName}`).toContainEqual(sent);
    }
  });
});
