/** The `runs` resource: ingestion runs, listed, described and rolled back (DataHub's BatchIngestionRunResource). */
import { Type } from 'typebox';
import { Param } from './params.js';
import { action, type RestResource } from './resource.js';

const DEFAULT_PAGE = 100;
const { optional } = Param;

export const runsResource: RestResource = {
  name: 'runs',
  doc: 'Ingestion runs: every write records the run id of its systemMetadata. A run can be rolled back: the versions it wrote are removed and the newest surviving versions restored; entities it created are hard-deleted (or soft-deleted when safe); its timeseries points are removed.',
  reads: [],
  actions: [
    action({
      name: 'list',
      doc: 'Runs, newest first (by the time of their latest aspect row). The default run id (no-run-id-provided) is left out.',
      params: Type.Object({
        pageOffset: optional(Param.integer('offset (default 0)')),
        pageSize: optional(Param.integer(`page size (default ${DEFAULT_PAGE})`)),
        includeSoft: optional(Param.boolean('accepted for compatibility; soft-deleted entities are always counted')),
      }),
      returns: '[{runId, rows, timestamp}]',
      handler: async ({ pageOffset, pageSize }, { services }) => services.runs.list(pageOffset ?? 0, pageSize ?? DEFAULT_PAGE),
    }),
    action({
      name: 'describe',
      doc: 'The aspect rows (every version) a run wrote and that are still stored, in (urn, aspect, version) order.',
      params: Type.Object({
        runId: Param.string('the run'),
        start: optional(Param.integer('offset (default 0)')),
        count: optional(Param.integer(`page size (default ${DEFAULT_PAGE})`)),
        includeSoft: optional(Param.boolean('accepted for compatibility')),
        includeAspect: optional(Param.boolean('add each row’s aspect value as `aspect`')),
      }),
      returns: '[{runId, aspectName, urn, timestamp, metadata, version, keyAspect, aspect?}]',
      handler: async ({ runId, start, count, includeAspect }, { services, actor }) =>
        services.runs.describe(runId, start ?? 0, count ?? DEFAULT_PAGE, includeAspect === true, actor),
    }),
    action({
      name: 'rollback',
      doc: 'Rolls a run back. safe: entities the run created are soft-deleted instead of hard-deleted (hardDelete, deprecated, is the opposite of safe). dryRun: only say what would change. Needs MANAGE_INGESTION.',
      params: Type.Object({
        runId: Param.string('the run'),
        dryRun: optional(Param.boolean('change nothing (default false)')),
        safe: optional(Param.boolean('soft-delete the entities the run created (default: true unless hardDelete is true)')),
        hardDelete: optional(Param.boolean('deprecated: the opposite of safe')),
      }),
      returns:
        '{aspectRowSummaries (at most 100), entitiesAffected, aspectsAffected, entitiesDeleted, aspectsReverted, unsafeEntitiesCount, unsafeEntities: [{urn}]}',
      handler: async ({ runId, dryRun, safe, hardDelete }, { services, actor }) =>
        services.runs.rollback(runId, { dryRun: dryRun === true, safe: safe ?? hardDelete !== true }, actor),
    }),
  ],
};
