/**
 * Writes as DataHub's OpenAPI takes them, turned into MetadataChangeProposals for the one ingest
 * service (domains/entities/ingest.ts), which validates them against the registry and hands them to
 * the write path: the same checks, privileges and errors as Rest.li's ingestProposal.
 *
 * v3's entity list is `[{urn, <aspect name>: {value, systemMetadata?, headers?}}]`; for a PATCH each
 * `value` is `{patch: [<JSON Patch operation>], arrayPrimaryKeys?, forceGenericPatch?}`, as the Python
 * emitter sends it.
 */
import type { WrittenAspect } from '../../domains/entities/ingest.js';
import { badRequest, ServiceError } from '../../errors.js';
import { isPlainObject } from '../../json.js';
import type { Registry } from '../../registry/registry.js';
import { resolveAspectAnyCase, resolveUrn } from '../../registry/resolve.js';
import type { EntitySpec } from '../../registry/types.js';
import type { AspectV3, EntityV3 } from './entityReads.js';

export type OpenApiChangeType = 'UPSERT' | 'PATCH' | 'CREATE' | 'CREATE_ENTITY';

/** Proposals in wire form, each with the name it goes by in errors and the value a PATCH answers with. */
export interface ProposalBatch {
  proposals: Array<Record<string, unknown>>;
  labels: string[];
  /** What a PATCH answers for each proposal: the patch itself, as DataHub echoes it. */
  patches: unknown[];
}

/** Headers of a conditional write (DataHub's ConditionalWriteValidator); not served, so refused rather than ignored. */
const CONDITIONAL_HEADERS = ['if-version-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'];

const JSON_TYPE = 'application/json';
const JSON_PATCH_TYPE = 'application/json-patch+json';

/** A urn of the path's entity type (400 for a malformed urn, an unknown type, or another type). */
export function urnOf(registry: Registry, entity: EntitySpec, input: unknown): { urn: string; entity: EntitySpec } {
  const resolved = resolveUrn(registry, input, entity);
  return { urn: resolved.urnString, entity: resolved.entity };
}

/** v3's entity list, as proposals: one per aspect of each entity, in the order sent. */
export function entityListProposals(
  registry: Registry,
  pathEntity: EntitySpec,
  body: unknown,
  changeType: 'UPSERT' | 'PATCH',
): ProposalBatch {
  const shape = '[{urn, <aspect name>: {value, systemMetadata?, headers?}}]';
  if (!Array.isArray(body)) throw badRequest(`the body must be a JSON array of entities ${shape}`);
  const batch: ProposalBatch = { proposals: [], labels: [], patches: [] };
  for (const [i, item] of body.entries()) {
    const at = `entities[${i}]`;
    if (!isPlainObject(item)) throw badRequest(`${at} must be an object ${shape}`);
    if (item.urn === undefined || item.urn === null) throw badRequest(`${at}: Missing \`urn\` field`);
    const { urn, entity } = withLabel(at, () => urnOf(registry, pathEntity, item.urn));
    for (const [name, entry] of Object.entries(item)) {
      if (name === 'urn') continue;
      const label = `${at}.${name}`;
      const proposal = withLabel(label, () => aspectProposal(entity, urn, name, entry, changeType));
      batch.proposals.push(proposal.mcp);
      batch.labels.push(label);
      batch.patches.push(proposal.patch);
    }
  }
  return batch;
}

/** One aspect written on its own (`POST|PATCH /{entityName}/{urn}/{aspectName}`), as a proposal. */
export function singleAspectProposal(
  registry: Registry,
  pathEntity: EntitySpec,
  urnInput: string,
  aspectName: string,
  body: unknown,
  changeType: OpenApiChangeType,
): ProposalBatch & { aspectName: string } {
  const { urn, entity } = urnOf(registry, pathEntity, urnInput);
  const aspect = resolveAspectAnyCase(entity, aspectName);
  // A PATCH's body is the patch itself (DataHub's GenericJsonPatch), or a bare list of operations.
  const entry = changeType === 'PATCH' ? { value: Array.isArray(body) ? { patch: body } : body } : body;
  const { mcp, patch } = withLabel(aspect.name, () => aspectProposal(entity, urn, aspect.name, entry, changeType));
  return { proposals: [mcp], labels: [aspect.name], patches: [patch], aspectName: aspect.name };
}

function aspectProposal(
  entity: EntitySpec,
  urn: string,
  name: string,
  entry: unknown,
  changeType: OpenApiChangeType,
): { mcp: Record<string, unknown>; patch: unknown } {
  const aspect = resolveAspectAnyCase(entity, name);
  if (!isPlainObject(entry)) throw badRequest('must be an object {value, systemMetadata?, headers?}');
  const { value, systemMetadata, headers } = entry;
  if (value === undefined || value === null) throw badRequest('Missing `value` field');
  if (headers !== undefined && headers !== null) checkHeaders(headers);
  if (changeType === 'PATCH' && !(isPlainObject(value) && Array.isArray(value.patch)))
    throw badRequest('Missing `patch` field: a PATCH value is {patch: [{op, path, value?}], arrayPrimaryKeys?, forceGenericPatch?}');
  const mcp = {
    entityType: entity.name,
    entityUrn: urn,
    changeType,
    aspectName: aspect.name,
    // Handed over parsed (the `json` form of DataHub's file format), not serialized to be parsed again.
    aspect: { json: value, contentType: changeType === 'PATCH' ? JSON_PATCH_TYPE : JSON_TYPE },
    ...(systemMetadata !== undefined && systemMetadata !== null ? { systemMetadata } : {}),
  };
  return { mcp, patch: changeType === 'PATCH' ? value : undefined };
}

function checkHeaders(headers: unknown): void {
  if (!isPlainObject(headers)) throw badRequest('headers must be an object of header names to values');
  const conditional = Object.keys(headers).filter((h) => CONDITIONAL_HEADERS.includes(h.toLowerCase()));
  if (conditional.length > 0)
    throw badRequest(`conditional writes (${conditional.join(', ')}) are not supported here; send the write without them`);
}

/** Prefixes a 4xx with the item it concerns. */
function withLabel<T>(label: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ServiceError) throw new ServiceError(err.kind, `${label}: ${err.message}`);
    throw err;
  }
}

/** An aspect written, as v3 answers a write: its value, and with `systemMetadata=true` the request's system metadata and stamp. */
function writtenV3(w: WrittenAspect, patch: unknown, withSystemMetadata: boolean): AspectV3 {
  const value = patch ?? w.value ?? {};
  return withSystemMetadata
    ? { value, systemMetadata: w.systemMetadata, auditStamp: { time: w.auditStamp.time, actor: w.auditStamp.actor } }
    : { value };
}

/** What v3 answers a batch write: one entity per urn, in first-written order, with its aspects written. */
export function writtenEntities(written: readonly WrittenAspect[], patches: readonly unknown[], withSystemMetadata: boolean): EntityV3[] {
  const byUrn = new Map<string, EntityV3>();
  written.forEach((w, i) => {
    let entity = byUrn.get(w.urn);
    if (!entity) {
      entity = { urn: w.urn } as EntityV3;
      byUrn.set(w.urn, entity);
    }
    entity[w.aspectName] = writtenV3(w, patches[i], withSystemMetadata);
  });
  return [...byUrn.values()];
}
