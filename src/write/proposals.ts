/**
 * Turning what clients send (MetadataChangeProposals, legacy snapshots) into validated proposals.
 * This is the one place a proposal is checked; the write path trusts what comes out of here.
 */
import { isPlainObject, parseJson } from '../json.js';
import type { AspectName, AspectValue } from '../registry/aspectValues.js';
import type { Registry } from '../registry/registry.js';
import type { AspectSpec, EntitySpec } from '../registry/types.js';
import type { ChangeType, SystemMetadata } from '../store/types.js';
import { badRequest, invalid, ServiceError } from '../errors.js';
import { resolveEntity, resolveUrn } from '../registry/resolve.js';
import { applyPatch, isGenericPatch, isPatchable } from './patch.js';
import { Slices } from '../slices.js';

/** A proposal that passed every check: known entity, valid urn, allowed aspect, valid value. */
export interface Proposal {
  entity: EntitySpec;
  /** Canonical urn string. */
  urn: string;
  changeType: WriteChangeType;
  aspect: AspectSpec;
  /** The aspect value in Pegasus JSON; absent for DELETE and for edits. */
  value?: Record<string, unknown>;
  /**
   * For PATCH and the service's own edits of part of an aspect: the new value, computed from the
   * latest one inside the write's transaction, so concurrent edits do not lose each other.
   */
  edit?: Edit;
  /** As sent; defaults are applied by the write path. */
  systemMetadata?: SystemMetadata;
  /** For DELETE of a timeseries aspect: only the points within these inclusive bounds (hard delete). */
  window?: { startTimeMillis?: number; endTimeMillis?: number };
}

/** Computes an aspect's new value from its latest one (undefined when it has none) at the time of the write. */
export type Edit = (current: Record<string, unknown> | undefined, now: number) => unknown;

/** An edit of aspect `N`: given its latest value, returns the new one, both of the aspect's type. */
export type AspectEdit<N extends AspectName> = (current: AspectValue<N> | undefined, now: number) => AspectValue<N>;

/**
 * `R` with every field `T` does not declare typed `never`: a value of the aspect's type with a
 * misspelt field is refused even where TypeScript does not check an object literal for unknown
 * fields (a callback's result, a value built before the call).
 */
export type Declared<T, R> = R & { [K in Exclude<keyof R, keyof T>]: never };

/** Change types the write path applies. UPDATE is an alias of UPSERT. */
export type WriteChangeType = Extract<ChangeType, 'UPSERT' | 'CREATE' | 'CREATE_ENTITY' | 'DELETE' | 'PATCH'>;

const CHANGE_TYPES: Record<string, WriteChangeType> = {
  UPSERT: 'UPSERT',
  UPDATE: 'UPSERT',
  CREATE: 'CREATE',
  CREATE_ENTITY: 'CREATE_ENTITY',
  DELETE: 'DELETE',
  PATCH: 'PATCH',
};

/** GMS refuses to write an urn longer than this, URL-encoded (but of the types the registry marks `longUrns`). */
const URN_BYTES_LIMIT = 512;
/** Separates the parts of a browse path (v2), so no urn may hold it. */
const URN_DELIMITER = '\u241f';

/** The rules GMS applies to the urn of every write (UrnValidationUtil), with its messages. */
function checkWritableUrn(entity: EntitySpec, urn: string): void {
  if (urn.trim() !== urn) throw badRequest('Error: cannot provide an URN with leading or trailing whitespace');
  if (!entity.longUrns && (urn.length > URN_BYTES_LIMIT || urlEncodedLength(urn) > URN_BYTES_LIMIT)) {
    throw badRequest(`Error: cannot provide an URN longer than ${URN_BYTES_LIMIT} bytes (when URL encoded)`);
  }
  if (urn.includes(URN_DELIMITER)) throw badRequest(`Error: URN cannot contain ${URN_DELIMITER} character`);
}

/** The length of Java's URLEncoder.encode(text): letters, digits, `.-*_` and space take one byte, others three per UTF-8 byte. */
function urlEncodedLength(text: string): number {
  let n = 0;
  for (const b of Buffer.from(text, 'utf8')) n += /[A-Za-z0-9.\-*_ ]/.test(String.fromCharCode(b)) ? 1 : 3;
  return n;
}

/** Resolves an aspect name for an entity type. */
export function resolveAspect(entity: EntitySpec, name: unknown): AspectSpec {
  if (typeof name !== 'string' || name.length === 0) throw badRequest('aspectName is required');
  const aspect = entity.aspects.get(name);
  if (!aspect) throw badRequest(`Unknown aspect ${name} for entity ${entity.name}`);
  return aspect;
}

/**
 * Normalizes and validates an aspect value. Schema violations are 422 with DataHub's message shape,
 * naming the type and the path of each problem. As in DataHub, a field the aspect's schema does not
 * declare is one of them (a misspelt field would otherwise replace the value without the one meant);
 * `kept` are the paths of such fields a stored value already holds, which an edit may leave in place.
 */
export function checkAspectValue(
  registry: Registry,
  aspect: AspectSpec,
  raw: unknown,
  kept: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
  if (!isPlainObject(raw))
    throw invalid(`Failed to validate record with class ${aspect.fqn}: ERROR :: / :: the aspect must be a JSON object`);
  const value = registry.normalize(aspect, raw) as Record<string, unknown>;
  for (const field of aspect.dropped ?? []) delete value[field];
  const problems = [
    ...registry.validate(aspect, value),
    ...registry
      .undeclaredFields(aspect, value)
      .filter((path) => !kept.has(path))
      .map((path) => ({ path, message: 'unrecognized field found but not allowed' })),
  ];
  if (problems.length > 0) {
    const lines = problems.map((p) => `ERROR :: ${p.path} :: ${p.message}`).join('\n');
    throw invalid(`Failed to validate record with class ${aspect.fqn}: ${lines}`);
  }
  return value;
}

/**
 * Checks the value an edit or a PATCH leaves: it must fit the schema, and may keep the undeclared
 * fields the stored value holds (written before writes were strict) but bring no new ones. A failure
 * is the request's fault: 400, and nothing is written.
 */
export function checkEditedValue(
  registry: Registry,
  aspect: AspectSpec,
  raw: unknown,
  current: Record<string, unknown> | undefined,
): Record<string, unknown> {
  try {
    return checkAspectValue(registry, aspect, raw, new Set(current ? registry.undeclaredFields(aspect, current) : []));
  } catch (err) {
    if (err instanceof ServiceError && err.kind === 'invalid') throw badRequest(err.message);
    throw err;
  }
}

export function parseSystemMetadata(raw: unknown): SystemMetadata | undefined {
  if (raw === undefined || raw === null) return undefined;
  // `datahub put` sends systemMetadata as a JSON-encoded string.
  const sm = typeof raw === 'string' ? parseJson(raw, 'systemMetadata') : raw;
  if (!isPlainObject(sm)) throw badRequest('systemMetadata must be an object');
  const out: SystemMetadata = {};
  for (const [k, v] of Object.entries(sm)) if (v !== null && v !== undefined) out[k] = v;
  if (out.lastObserved !== undefined && typeof out.lastObserved !== 'number')
    throw badRequest('systemMetadata.lastObserved must be a number');
  if (out.runId !== undefined && typeof out.runId !== 'string') throw badRequest('systemMetadata.runId must be a string');
  return out;
}

const JSON_TYPE = 'application/json';
/** What DataHub's Python SDK (`MetadataPatchProposal`) declares for a PATCH's operations. */
const JSON_PATCH_TYPE = 'application/json-patch+json';

function parseAspectPayload(aspect: AspectSpec, raw: unknown, changeType: WriteChangeType): unknown {
  if (!isPlainObject(raw)) throw badRequest(`aspect is required for ${aspect.name} and must be {value, contentType}`);
  const accepted = changeType === 'PATCH' ? [JSON_TYPE, JSON_PATCH_TYPE] : [JSON_TYPE];
  if (raw.contentType !== undefined && raw.contentType !== null && !accepted.includes(raw.contentType as string)) {
    throw badRequest(
      `unsupported aspect contentType '${String(raw.contentType)}' for a ${changeType} proposal: ${accepted.join(' or ')} is supported`,
    );
  }
  // The file form of DataHub's tools carries the aspect (or a patch list) under `json`.
  if (raw.value === undefined && (isPlainObject(raw.json) || Array.isArray(raw.json))) return raw.json;
  if (typeof raw.value !== 'string') throw badRequest(`aspect.value of ${aspect.name} must be the aspect serialized as a JSON string`);
  return parseJson(raw.value, `aspect.value of ${aspect.name}`);
}

/** Validates one MetadataChangeProposal as sent over the wire. */
export function parseProposal(registry: Registry, raw: unknown): Proposal {
  if (!isPlainObject(raw)) throw badRequest('a proposal must be a JSON object');
  const entity = resolveEntity(registry, raw.entityType);

  let urnInput = raw.entityUrn;
  if ((urnInput === undefined || urnInput === null) && raw.entityKeyAspect !== undefined && raw.entityKeyAspect !== null) {
    const key = checkAspectValue(registry, entity.keyAspect, parseAspectPayload(entity.keyAspect, raw.entityKeyAspect, 'UPSERT'));
    urnInput = registry.urnFromKey(entity, key);
  }
  if (urnInput === undefined || urnInput === null) throw badRequest('entityUrn (or entityKeyAspect) is required');
  const { urnString } = resolveUrn(registry, urnInput, entity);

  if (typeof raw.changeType !== 'string') throw badRequest('changeType is required');
  const changeType = CHANGE_TYPES[raw.changeType];
  if (!changeType) {
    throw badRequest(`ChangeType ${raw.changeType} is not supported; supported: ${Object.keys(CHANGE_TYPES).join(', ')}`);
  }

  const aspect = resolveAspect(entity, raw.aspectName);
  const systemMetadata = parseSystemMetadata(raw.systemMetadata);
  const payload = changeType === 'DELETE' ? undefined : parseAspectPayload(aspect, raw.aspect, changeType);
  return { ...checkedProposal(registry, entity, urnString, aspect, changeType, payload), ...(systemMetadata ? { systemMetadata } : {}) };
}

/** The proposal of a change to an aspect whose entity, urn and aspect are resolved, with its value or patch checked. */
function checkedProposal(
  registry: Registry,
  entity: EntitySpec,
  urn: string,
  aspect: AspectSpec,
  changeType: WriteChangeType,
  payload: unknown,
): Proposal {
  const proposal: Proposal = { entity, urn, changeType, aspect };
  if (changeType === 'DELETE') return proposal;
  checkWritableUrn(entity, urn);
  if (changeType === 'PATCH') return { ...proposal, edit: patchEdit(aspect, payload) };
  const value = checkAspectValue(registry, aspect, payload);
  if (aspect === entity.keyAspect) checkKeyMatchesUrn(registry, entity, urn, value);
  return { ...proposal, value };
}

/** A patch is a list of JSON Patch operations, or DataHub's generic form; checked fully when applied. */
function patchEdit(aspect: AspectSpec, patch: unknown): Edit {
  if (aspect.kind === 'timeseries') throw badRequest(`Aspect: ${aspect.name} does not currently support patch operations.`);
  if (!isGenericPatch(patch)) {
    if (!isPatchable(aspect.name)) throw badRequest(`Aspect: ${aspect.name} does not currently support patch operations.`);
    if (!Array.isArray(patch) && !(isPlainObject(patch) && Array.isArray(patch.patch))) {
      throw badRequest(`the aspect of a PATCH proposal must be a JSON Patch list of {op, path, value}`);
    }
  }
  return (current, now) => applyPatch(aspect.name, current, patch, now);
}

function checkKeyMatchesUrn(registry: Registry, entity: EntitySpec, urn: string, key: Record<string, unknown>): void {
  const fromUrn = registry.urnFromKey(entity, key);
  if (fromUrn !== urn) throw invalid(`key aspect ${entity.keyAspect.name} describes ${fromUrn}, not the proposal's urn ${urn}`);
}

/** Items of a batch from which its validation lets other requests run before it begins. */
const TURN_BEFORE = 1_000;

/**
 * Validates a batch, in slices (a big one takes long); an error names the first bad item by its
 * index, or by its label when the caller names the items.
 */
export async function parseProposals(
  registry: Registry,
  raw: unknown,
  what = 'proposals',
  labels?: readonly string[],
): Promise<Proposal[]> {
  if (!Array.isArray(raw)) throw badRequest(`${what} must be an array`);
  const slices = new Slices();
  // A batch this big came in a body whose parse just held the event loop: others go first.
  if (raw.length >= TURN_BEFORE) await slices.turn();
  const out: Proposal[] = [];
  for (const [i, item] of raw.entries()) {
    out.push(withItem(labels?.[i] ?? `${what}[${i}]`, () => parseProposal(registry, item)));
    await slices.pause();
  }
  return out;
}

/** Prefixes a validation error with the item it concerns, keeping its kind. */
export function withItem<T>(label: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ServiceError) throw new ServiceError(err.kind, `${label}: ${err.message}`);
    throw err;
  }
}

/** A proposal the service itself builds: a whole aspect value (or a patch, or a DELETE) for one entity. */
export function buildProposal<N extends AspectName, const V extends AspectValue<N>>(
  registry: Registry,
  urn: string,
  aspectName: N,
  changeType: 'UPSERT',
  value: Declared<AspectValue<N>, V>,
): Proposal;
/**
 * A patch or a DELETE of a named aspect. The escape hatch: any change of an aspect whose name is known
 * only at run time (built-ins, reference clean-up, lineage's lists, the generic label edits), whose
 * value no type can describe; it is checked against the aspect's schema here, as every value is.
 */
export function buildProposal<N extends string>(
  registry: Registry,
  urn: string,
  aspectName: N,
  changeType: string extends N ? 'UPSERT' | 'PATCH' | 'DELETE' : 'PATCH' | 'DELETE',
  value?: unknown,
): Proposal;
export function buildProposal(
  registry: Registry,
  urn: string,
  aspectName: string,
  changeType: 'UPSERT' | 'PATCH' | 'DELETE',
  value?: unknown,
): Proposal {
  const { entity, urnString } = resolveUrn(registry, urn);
  return checkedProposal(registry, entity, urnString, resolveAspect(entity, aspectName), changeType, value);
}

/** An edit the service itself makes: the aspect's new value computed from its latest one, in the write's transaction. */
export function editProposal<N extends AspectName, const V extends AspectValue<N>>(
  registry: Registry,
  urn: string,
  aspectName: N,
  edit: (current: AspectValue<N> | undefined, now: number) => Declared<AspectValue<N>, V>,
): Proposal;
/** The escape hatch for an edit of an aspect whose name is known only at run time (see buildProposal). */
export function editProposal<N extends string>(
  registry: Registry,
  urn: string,
  aspectName: string extends N ? N : never,
  edit: Edit,
): Proposal;
export function editProposal(registry: Registry, urn: string, aspectName: string, edit: Edit): Proposal {
  const { entity, urnString } = resolveUrn(registry, urn);
  const aspect = resolveAspect(entity, aspectName);
  if (aspect.kind === 'timeseries') throw badRequest(`Aspect: ${aspect.name} is a timeseries aspect and cannot be edited`);
  checkWritableUrn(entity, urnString);
  return { entity, urn: urnString, changeType: 'UPSERT', aspect, edit };
}

/** Removal of a whole entity: a DELETE of its key aspect. */
export function deleteEntityProposal(registry: Registry, urn: string): Proposal {
  const { entity, urnString } = resolveUrn(registry, urn);
  return buildProposal(registry, urnString, entity.keyAspect.name, 'DELETE');
}
