/**
 * A generated catalog shaped like the ones ingestion produces: datasets with a 20-field schema,
 * properties, owners, tags, glossary terms and upstream lineage; charts, dashboards, users and
 * groups. Entity i is the same on every run (its own seeded generator), so a catalog of 100,000
 * holds the catalog of 10,000 and growing from one size to the next only adds entities.
 */

/** A MetadataChangeProposal as clients send it (aspect as JSON text). */
export interface WireProposal {
  entityType: string;
  entityUrn: string;
  changeType: 'UPSERT';
  aspectName: string;
  aspect: { value: string; contentType: 'application/json' };
  systemMetadata: { lastObserved: number; runId: string };
}

/** mulberry32: small, fast and good enough to pick words. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words of table and column names; the first few are common, the rest rarer, as in real catalogs. */
export const WORDS = [
  'customer',
  'order',
  'payment',
  'invoice',
  'product',
  'session',
  'event',
  'account',
  'shipment',
  'inventory',
  'revenue',
  'marketing',
  'campaign',
  'click',
  'impression',
  'refund',
  'subscription',
  'plan',
  'price',
  'discount',
  'warehouse',
  'store',
  'supplier',
  'employee',
  'department',
  'ledger',
  'balance',
  'transaction',
  'fraud',
  'risk',
  'device',
  'browser',
  'country',
  'region',
  'city',
  'address',
  'contact',
  'lead',
  'opportunity',
  'forecast',
  'churn',
  'cohort',
  'retention',
  'funnel',
  'experiment',
  'variant',
  'feature',
  'model',
  'prediction',
  'label',
  'ticket',
  'support',
  'survey',
  'review',
  'rating',
  'catalog',
  'category',
  'brand',
  'vendor',
  'contract',
];
const COLUMN_TYPES: Array<[string, string]> = [
  ['com.linkedin.schema.StringType', 'varchar'],
  ['com.linkedin.schema.NumberType', 'bigint'],
  ['com.linkedin.schema.BooleanType', 'boolean'],
  ['com.linkedin.schema.DateType', 'date'],
  ['com.linkedin.schema.TimeType', 'timestamp'],
];
export const PLATFORMS = ['snowflake', 'bigquery', 'postgres', 'hive', 'kafka', 's3'];
const TAGS = ['pii', 'gold', 'silver', 'bronze', 'deprecated', 'sensitive', 'finance', 'marketing'];
const TERMS = ['Customer', 'Order', 'Revenue', 'Churn', 'Account', 'Product', 'Invoice', 'Session'];
const SCHEMAS = ['analytics', 'raw', 'staging', 'finance', 'sales', 'core'];

/** Of every 20 entities: 14 datasets, 2 charts, 1 dashboard, 2 users, 1 group. */
const KIND_OF_SLOT = [
  'dataset',
  'dataset',
  'dataset',
  'dataset',
  'dataset',
  'dataset',
  'dataset',
  'chart',
  'dataset',
  'user',
  'dataset',
  'dataset',
  'dataset',
  'chart',
  'dataset',
  'dashboard',
  'dataset',
  'dataset',
  'user',
  'group',
] as const;
export type Kind = (typeof KIND_OF_SLOT)[number];

// Entity numbers are not negative, so the slot is in range.
export const kindOf = (i: number): Kind => KIND_OF_SLOT[i % KIND_OF_SLOT.length]!;

const TIME = 1_767_225_600_000;
export const RUN_ID = 'bench-catalog';

// r() is in [0, 1) and the lists are not empty, so the index is in range.
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
/** Skewed towards the first words, so some words are in many names and others in few. */
const word = (r: () => number): string => pick(() => r() * r(), WORDS);

export const userUrn = (i: number) => `urn:li:corpuser:user${i}`;
export function datasetUrn(i: number): string {
  const r = random(i * 7919 + 1);
  const platform = pick(r, PLATFORMS);
  return `urn:li:dataset:(urn:li:dataPlatform:${platform},${pick(r, SCHEMAS)}.${word(r)}_${word(r)}_${i},PROD)`;
}

/** The nearest entity of a kind at or before i (lineage and owners point backwards, so they exist). */
function before(i: number, kind: Kind): number | undefined {
  for (let j = i; j >= 0 && j > i - 40; j--) if (kindOf(j) === kind) return j;
  return undefined;
}

function proposal(entityType: string, urn: string, aspectName: string, value: unknown): WireProposal {
  return {
    entityType,
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    systemMetadata: { lastObserved: TIME, runId: RUN_ID },
  };
}

/** The proposals that describe entity i. */
export function entityProposals(i: number): WireProposal[] {
  const r = random(i * 104_729 + 17);
  const kind = kindOf(i);
  const stamp = { time: TIME, actor: userUrn(before(i, 'user') ?? 9) };
  const owner = { owner: stamp.actor, type: 'DATAOWNER' };
  switch (kind) {
    case 'dataset': {
      const urn = datasetUrn(i);
      const platform = urn.slice(urn.indexOf('urn:li:dataPlatform:'), urn.indexOf(','));
      const name = urn.slice(urn.indexOf(',') + 1, urn.lastIndexOf(','));
      const fields = Array.from({ length: 20 }, (_, f) => {
        const [type, native] = pick(r, COLUMN_TYPES);
        return {
          fieldPath: `${word(r)}_${f === 0 ? 'id' : word(r)}_${f}`,
          nullable: f !== 0,
          description: `The ${word(r)} of the ${word(r)}, as recorded by the ${word(r)} service.`,
          type: { type: { [type]: {} } },
          nativeDataType: native,
          recursive: false,
          isPartOfKey: f === 0,
        };
      });
      const upstream = before(i - 1, 'dataset');
      return [
        proposal('dataset', urn, 'datasetProperties', {
          name: name.slice(name.lastIndexOf('.') + 1),
          qualifiedName: name,
          description: `${word(r)} ${word(r)} facts for ${word(r)} reporting, refreshed daily.`,
          customProperties: { owner_team: word(r), refresh: 'daily', rows: String(Math.floor(r() * 1e7)) },
        }),
        proposal('dataset', urn, 'schemaMetadata', {
          schemaName: name,
          platform,
          version: 0,
          created: stamp,
          lastModified: stamp,
          hash: '',
          platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
          fields,
        }),
        proposal('dataset', urn, 'ownership', { owners: [owner], lastModified: stamp }),
        proposal('dataset', urn, 'globalTags', {
          tags: [{ tag: `urn:li:tag:${pick(r, TAGS)}` }, { tag: `urn:li:tag:${pick(r, TAGS)}` }].filter(
            (t, k, all) => all.findIndex((u) => u.tag === t.tag) === k,
          ),
        }),
        proposal('dataset', urn, 'glossaryTerms', { terms: [{ urn: `urn:li:glossaryTerm:${pick(r, TERMS)}` }], auditStamp: stamp }),
        proposal('dataset', urn, 'upstreamLineage', {
          upstreams: upstream === undefined ? [] : [{ dataset: datasetUrn(upstream), type: 'TRANSFORMED', auditStamp: stamp }],
        }),
      ];
    }
    case 'chart': {
      const urn = `urn:li:chart:(looker,chart_${i})`;
      const input = before(i, 'dataset');
      return [
        proposal('chart', urn, 'chartInfo', {
          title: `${word(r)} ${word(r)} by ${word(r)}`,
          description: `How ${word(r)} changes with ${word(r)}.`,
          lastModified: { created: stamp, lastModified: stamp },
          ...(input === undefined ? {} : { inputs: [{ string: datasetUrn(input) }] }),
        }),
        proposal('chart', urn, 'ownership', { owners: [owner], lastModified: stamp }),
      ];
    }
    case 'dashboard': {
      const urn = `urn:li:dashboard:(looker,dashboard_${i})`;
      const charts = [before(i, 'chart'), before(i - 7, 'chart')].filter((c): c is number => c !== undefined);
      return [
        proposal('dashboard', urn, 'dashboardInfo', {
          title: `${word(r)} overview`,
          description: `The ${word(r)} team's daily ${word(r)} dashboard.`,
          charts: charts.map((c) => `urn:li:chart:(looker,chart_${c})`),
          lastModified: { created: stamp, lastModified: stamp },
        }),
        proposal('dashboard', urn, 'ownership', { owners: [owner], lastModified: stamp }),
      ];
    }
    case 'user':
      return [
        proposal('corpuser', userUrn(i), 'corpUserInfo', {
          active: true,
          displayName: `User ${i}`,
          fullName: `User ${i} ${word(r)}`,
          email: `user${i}@example.com`,
          title: `${word(r)} analyst`,
        }),
      ];
    case 'group':
      return [
        proposal('corpGroup', `urn:li:corpGroup:group${i}`, 'corpGroupInfo', {
          displayName: `${word(r)} team ${i}`,
          admins: [],
          members: [userUrn(before(i, 'user') ?? 9)],
          groups: [],
        }),
      ];
  }
}

/** The proposals of entities [from, to), in order. */
export function* catalogProposals(from: number, to: number): Generator<WireProposal> {
  for (let i = from; i < to; i++) yield* entityProposals(i);
}

/** Some dataset index in [0, n), for reads spread over the catalog. */
export function someDataset(n: number, r: () => number): number {
  for (;;) {
    const i = Math.floor(r() * n);
    if (kindOf(i) === 'dataset') return i;
  }
}

export { random };
