/** The `runs` resource: ingestion runs, listed, described and rolled back (DataHub's BatchIngestionRunResource). */
import type { RestResource } from './resource.js';

const DEFAULT_PAGE = 100;

export const runsResource: RestResource = {
  name: 'runs',
  doc: 'Ingestion runs: every write records the run id of its systemMetadata. A run can be rolled back: the versions it wrote are removed and the newest surviving versions restored; entities it created are hard-deleted (or soft-deleted when safe); its timeseries points are removed.',
  reads: [],
  actions: [
    {
      name: 'list',
      doc: 'Runs, newest first (by the time of their latest aspect row). The default run id (no-run-id-provided) is left out.',
      params: [
        { name: 'pageOffset', type: 'integer', doc: 'offset (default 0)' },
        { name: 'pageSize', type: 'integer', doc: `page size (default ${DEFAULT_PAGE})` },
        { name: 'includeSoft', type: 'boolean', doc: 'accepted for compatibility; soft-deleted entities are always counted' },
      ],
      returns: '[{runId, rows, timestamp}]',
      handler: async (p, { services }) => services.runs.list((p.pageOffset as number | undefined) ?? 0, (p.pageSize as number | undefined) ?? DEFAULT_PAGE),
    },
    {
      name: 'describe',
      doc: 'The aspect rows (every version) a run wrote and that are still stored, in (urn, aspect, version) order.',
      params: [
        { name: 'runId', type: 'string', required: true, doc: 'the run' },
        { name: 'start', type: 'integer', doc: 'offset (default 0)' },
        { name: 'count', type: 'integer', doc: `page size (default ${DEFAULT_PAGE})` },
        { name: 'includeSoft', type: 'boolean', doc: 'accepted for compatibility' },
        { name: 'includeAspect', type: 'boolean', doc: 'add each row’s aspect value as `aspect`' },
      ],
      returns: '[{runId, aspectName, urn, timestamp, metadata, version, keyAspect, aspect?}]',
      handler: async (p, { services, actor }) =>
        services.runs.describe(p.runId as string, (p.start as number | undefined) ?? 0, (p.count as number | undefined) ?? DEFAULT_PAGE, p.includeAspect === true, actor),
    },
    {
      name: 'rollback',
      doc: 'Rolls a run back. safe: entities the run created are soft-deleted instead of hard-deleted (hardDelete, deprecated, is the opposite of safe). dryRun: only say what would change. Needs MANAGE_INGESTION.',
      params: [
        { name: 'runId', type: 'string', required: true, doc: 'the run' },
        { name: 'dryRun', type: 'boolean', doc: 'change nothing (default false)' },
        { name: 'safe', type: 'boolean', doc: 'soft-delete the entities the run created (default: true unless hardDelete is true)' },
        { name: 'hardDelete', type: 'boolean', doc: 'deprecated: the opposite of safe' },
      ],
      returns: '{aspectRowSummaries (at most 100), entitiesAffected, aspectsAffected, entitiesDeleted, aspectsReverted, unsafeEntitiesCount, unsafeEntities: [{urn}]}',
      handler: async (p, { services, actor }) => {
        const safe = p.safe !== undefined ? (p.safe as boolean) : p.hardDelete !== true;
        return services.runs.rollback(p.runId as string, { dryRun: p.dryRun === true, safe }, actor);
      },
    },
  ],
};
