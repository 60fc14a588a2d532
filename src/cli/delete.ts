/**
 * `catalog delete`, `catalog rollback` and `catalog runs`: operator commands over the REST API.
 * Deleting by platform streams: it asks the server for the next page of matching entities, deletes
 * it, and asks again (deleted entities drop out of the results), so there is no 10,000 limit.
 */
import { createInterface } from 'node:readline/promises';
import cliProgress from 'cli-progress';
import type { AspectRowSummary, RollbackResponse } from '../domains/ingestion/runs.js';
import type { JsonObject } from '../json.js';
import type { RunSummary } from '../store/types.js';
import type { CatalogClient } from './client.js';
import { entityUrn } from '../urn.js';

const PAGE = 500;
const PARALLEL = 8;

export interface DeleteOneOptions {
  urn: string;
  hard: boolean;
  aspect?: string;
  start?: number;
  end?: number;
}

export async function deleteOne(client: CatalogClient, o: DeleteOneOptions): Promise<string> {
  const nothing = (what: string) => new Error(`${what}: nothing was deleted`);
  if (!o.hard) {
    if (o.aspect || o.start !== undefined || o.end !== undefined)
      throw new Error('--aspect, --start and --end need --hard (a soft delete marks the whole entity removed)');
    // Writing status to an urn never written would create the entity it is meant to hide.
    if (!(await client.exists(o.urn))) throw nothing(`no entity ${o.urn} is stored`);
    await client.post('/aspects?action=ingestProposal', { proposal: statusProposal(o.urn) });
    return `soft-deleted ${o.urn} (status removed; undo by writing status {"removed": false})`;
  }
  const body = {
    urn: o.urn,
    ...(o.aspect ? { aspectName: o.aspect } : {}),
    ...(o.start !== undefined ? { startTimeMillis: o.start } : {}),
    ...(o.end !== undefined ? { endTimeMillis: o.end } : {}),
  };
  // As DataHub's, the server answers a delete that found nothing with counts of 0.
  const { value } = (await client.post('/entities?action=delete', body)) as { value: { rows?: number; timeseriesRows?: number } };
  if ((value.rows ?? 0) + (value.timeseriesRows ?? 0) === 0) {
    const windowed = o.start !== undefined || o.end !== undefined;
    if (!o.aspect) throw nothing(`no entity ${o.urn} is stored`);
    if (value.rows !== undefined) throw nothing(`${o.urn} has no aspect ${o.aspect}`);
    throw nothing(`${o.urn} has no ${o.aspect} points${windowed ? ' in that time window' : ''}`);
  }
  return `hard-deleted ${o.urn}: ${value.rows ?? 0} aspect rows, ${value.timeseriesRows ?? 0} timeseries points`;
}

function statusProposal(urn: string): JsonObject {
  return {
    entityType: urn.split(':')[2],
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName: 'status',
    aspect: { value: JSON.stringify({ removed: true }), contentType: 'application/json' },
    systemMetadata: { runId: '__catalog-delete' },
  };
}

export interface DeleteManyOptions {
  platform: string;
  entityType?: string;
  hard: boolean;
  dryRun: boolean;
  force: boolean;
  out: NodeJS.WriteStream;
}

/** One page of the entities on a platform (not soft-deleted ones: those are done when soft-deleting). */
async function page(client: CatalogClient, o: DeleteManyOptions, start: number): Promise<{ total: number; urns: string[] }> {
  const platform = o.platform.startsWith('urn:li:dataPlatform:') ? o.platform : entityUrn('dataPlatform', o.platform);
  const body = {
    entities: o.entityType ? [o.entityType] : [],
    input: '*',
    filter: { or: [{ and: [{ field: 'platform', values: [platform], condition: 'EQUAL' }] }] },
    start,
    count: PAGE,
  };
  const { value } = (await client.post('/entities?action=searchAcrossEntities', body)) as {
    value: { numEntities: number; entities: Array<{ entity: string }> };
  };
  return { total: value.numEntities, urns: value.entities.map((e) => e.entity) };
}

async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

export async function deleteMany(client: CatalogClient, o: DeleteManyOptions): Promise<{ matched: number; deleted: number }> {
  const first = await page(client, o, 0);
  const what = `${first.total} ${o.entityType ?? 'entities'} on platform ${o.platform}`;
  if (o.dryRun) {
    for (let start = 0; start < first.total; start += PAGE) for (const urn of (await page(client, o, start)).urns) o.out.write(`${urn}\n`);
    return { matched: first.total, deleted: 0 };
  }
  if (first.total === 0) return { matched: 0, deleted: 0 };
  if (!o.force && !(await confirm(`${o.hard ? 'Hard-delete (cannot be undone)' : 'Soft-delete'} ${what}?`)))
    throw new Error('nothing deleted');

  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: 'deleting [{bar}] {value}/{total}', noTTYOutput: false },
    cliProgress.Presets.shades_classic,
  );
  const tty = process.stderr.isTTY === true;
  if (tty) bar.start(first.total, 0);
  let deleted = 0;
  // Deleted entities leave the results, so the first page is always the next one to delete.
  const done = new Set<string>();
  for (let batch = first.urns; batch.length > 0; batch = (await page(client, o, 0)).urns) {
    if (batch.some((urn) => done.has(urn)))
      throw new Error(`${batch.find((urn) => done.has(urn))} is still found after being deleted; stopping`);
    for (const urn of batch) done.add(urn);
    if (o.hard) {
      for (let i = 0; i < batch.length; i += PARALLEL)
        await Promise.all(batch.slice(i, i + PARALLEL).map((urn) => client.post('/entities?action=delete', { urn })));
    } else {
      await client.post('/aspects?action=ingestProposalBatch', { proposals: batch.map(statusProposal) });
    }
    deleted += batch.length;
    if (tty) bar.update(deleted);
  }
  if (tty) bar.stop();
  return { matched: first.total, deleted };
}

/** What the server answers for a run id it holds no rows of, as DataHub's does: nothing, as a success. */
const noRows = (runId: string) => `run ${runId} has no stored rows (no such run, or it was rolled back)`;

export async function rollback(client: CatalogClient, runId: string, dryRun: boolean, safe: boolean): Promise<string> {
  const { value: r } = (await client.post('/runs?action=rollback', { runId, dryRun, safe })) as { value: RollbackResponse };
  if (r.aspectsAffected === 0 && r.entitiesAffected === 0) throw new Error(`${noRows(runId)}: nothing to roll back`);
  const lines = [
    `${dryRun ? 'would roll back' : 'rolled back'} run ${runId}: ${r.entitiesAffected} entities, ${r.aspectsAffected} aspect rows, ${r.aspectsReverted} aspects reverted, ${r.entitiesDeleted} entities ${safe ? 'soft-' : ''}deleted`,
  ];
  if (r.unsafeEntitiesCount > 0)
    lines.push(
      `${r.unsafeEntitiesCount} of the entities it created also hold aspects of other runs${safe ? '' : ' (deleted with them)'}: ${r.unsafeEntities.map((u) => u.urn).join(', ')}`,
    );
  return lines.join('\n');
}

export async function listRuns(client: CatalogClient, size: number): Promise<string> {
  const { value } = (await client.post('/runs?action=list', { pageOffset: 0, pageSize: size })) as { value: RunSummary[] };
  if (value.length === 0) return 'no ingestion runs';
  return value.map((r) => `${r.runId}\t${r.rows} rows\t${r.timestamp ? new Date(r.timestamp).toISOString() : '-'}`).join('\n');
}

export async function showRun(client: CatalogClient, runId: string, count: number): Promise<string> {
  const { value } = (await client.post('/runs?action=describe', { runId, start: 0, count })) as { value: AspectRowSummary[] };
  if (value.length === 0) throw new Error(noRows(runId));
  return value.map((r) => `${r.urn}\t${r.aspectName}\tv${r.version}${r.keyAspect ? '\t(key)' : ''}`).join('\n');
}
