/**
 * MetadataChangeProposals with changeType PATCH: a JSON Patch (RFC 6902) applied to the current value
 * of an aspect the way DataHub's GMS applies it (entity-registry `aspect/patch/template`):
 *
 * 1. start from the current value, or the template's default when the aspect does not exist yet;
 * 2. turn the template's keyed arrays into maps (`ArrayMergingTemplate.arrayFieldToMap`), and
 *    `fineGrainedLineages` into `transformOperation → downstream → query → upstream` maps
 *    (`FineGrainedLineageTemplateHelper`);
 * 3. create every missing parent object along the operations' paths, and for `remove` the target too
 *    (`TemplateUtil.populateTopLevelKeys`), so adding under a new key works and removing something
 *    absent is a no-op;
 * 4. apply the operations in order, with RFC 6902 semantics;
 * 5. turn the maps back into arrays, in the maps' insertion order (`transformedMapToArray`).
 *
 * Objects are held as `Map`s while patching, so key order is insertion order whatever the keys look
 * like (a plain object would move integer-like keys first).
 */
import { isPlainObject, MAX_JSON_DEPTH } from '../json.js';
import { KEY_PATH_SEPARATOR, patchTemplate, type KeyedArraySpec, type PatchTemplate } from '../registry/patchTemplates.js';
import { SYSTEM_ACTOR } from '../actors.js';
import { badRequest } from '../errors.js';

/** True when PATCH proposals are accepted for this aspect. */
export function isPatchable(aspectName: string): boolean {
  return patchTemplate(aspectName) !== undefined;
}

/**
 * True when the patch is DataHub's "generic" form — `{"patch": [...], "arrayPrimaryKeys": {...},
 * "forceGenericPatch": true}` with primary keys or the force flag — which newer SDKs send and which
 * DataHub applies to any aspect, template or not (`PatchItemImpl.applyGenericPatch`).
 */
export function isGenericPatch(ops: unknown): boolean {
  if (!isPlainObject(ops) || !Array.isArray(ops.patch)) return false;
  const keys = ops.arrayPrimaryKeys;
  return ops.forceGenericPatch === true || (isPlainObject(keys) && Object.keys(keys).length > 0);
}

/**
 * Applies a JSON Patch (the parsed aspect of a PATCH proposal) to the current value of an aspect
 * (undefined when the aspect does not exist yet: start from the template's default value), and
 * returns the new value in Pegasus JSON. Throws ServiceError (bad_request) with a message naming the
 * problem for: ops not an array, an op that is not {op, path, value?}, an unsupported op, a path that
 * does not resolve. Pure: does not mutate its inputs (`now`, the time of the write, only stamps
 * the defaults some templates fill in).
 *
 * `ops` is a list of operations, or DataHub's generic form `{"patch": [...], "arrayPrimaryKeys":
 * {"<array field>": ["<key field>", ...]}, "forceGenericPatch": bool}`: with primary keys or the flag
 * it is applied with exactly the given keyed arrays (any aspect); otherwise `patch` is applied with the
 * aspect's template.
 */
export function applyPatch(
  aspectName: string,
  current: Record<string, unknown> | undefined,
  ops: unknown,
  now: number = Date.now(),
): Record<string, unknown> {
  const { operations, template } = parse(aspectName, ops);
  let doc: J = fromPlain(current ?? template.defaultValue(now));
  if (!(doc instanceof Map)) throw badRequest(`The current value of aspect ${aspectName} is not an object`);
  doc = transform(doc, template, now);
  populateParents(doc, operations);
  operations.forEach((op, i) => {
    doc = applyOperation(doc, op, i);
  });
  if (!(doc instanceof Map)) throw badRequest(`Patch of aspect ${aspectName} does not leave an object`);
  rebase(doc, template, now);
  return toPlain(doc) as Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------------
// Working JSON: objects as insertion-ordered Maps.

type J = null | boolean | number | string | J[] | JObject;
type JObject = Map<string, J>;

function fromPlain(value: unknown): J {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map(fromPlain);
  if (typeof value === 'object') {
    const m: JObject = new Map();
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v !== undefined) m.set(k, fromPlain(v));
    }
    return m;
  }
  // undefined, functions, bigints: not JSON.
  return null;
}

function toPlain(value: J): unknown {
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value) {
      // defineProperty: a key named "__proto__" stays an own property.
      Object.defineProperty(out, k, { value: toPlain(v), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

function clone(value: J): J {
  if (Array.isArray(value)) return value.map(clone);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, clone(v)] as [string, J]));
  return value;
}

function isScalar(v: J | undefined): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** Jackson's `JsonNode.asText()`: the text of a scalar, "null" for null, "" for containers. */
function asText(v: J | undefined): string {
  if (v === undefined) return '';
  if (v === null) return 'null';
  if (isScalar(v)) return String(v);
  return '';
}

function jsonEquals(a: J, b: J): boolean {
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEquals(x, b[i]!));
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [k, v] of a) {
      const w = b.get(k);
      if (w === undefined || !jsonEquals(v, w)) return false;
    }
    return true;
  }
  return a === b;
}

// ---------------------------------------------------------------------------------------------------
// Parsing the operations.

type OpName = 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
const OP_NAMES: readonly OpName[] = ['add', 'remove', 'replace', 'move', 'copy', 'test'];

interface Operation {
  op: OpName;
  path: string;
  tokens: string[];
  value?: unknown;
  from?: string;
  fromTokens?: string[];
}

function parse(aspectName: string, ops: unknown): { operations: Operation[]; template: PatchTemplate } {
  let list: unknown = ops;
  let template = patchTemplate(aspectName);
  if (isPlainObject(ops)) {
    if (!Array.isArray(ops.patch)) {
      throw badRequest('A PATCH aspect must be a JSON Patch array of operations, or an object with a "patch" array');
    }
    list = ops.patch;
    if (isGenericPatch(ops)) template = genericTemplate(aspectName, ops.arrayPrimaryKeys, template);
  }
  if (!Array.isArray(list)) throw badRequest('A PATCH aspect must be a JSON Patch array of operations');
  if (!template) throw badRequest(`Aspect: ${aspectName} does not currently support patch operations.`);
  return { operations: list.map(parseOperation), template };
}

function parseOperation(raw: unknown, index: number): Operation {
  const where = `Patch operation ${index}`;
  if (!isPlainObject(raw)) throw badRequest(`${where} is not an object with "op" and "path": ${JSON.stringify(raw)}`);
  const opName = raw.op;
  if (typeof opName !== 'string') throw badRequest(`${where} has no "op": ${JSON.stringify(raw)}`);
  const op = OP_NAMES.find((n) => n === opName.toLowerCase());
  if (!op) throw badRequest(`Unsupported PATCH operation: \`${opName}\` Operation \`${JSON.stringify(raw)}\``);
  if (typeof raw.path !== 'string') throw badRequest(`${where} (${op}) has no "path" string: ${JSON.stringify(raw)}`);
  const operation: Operation = { op, path: raw.path, tokens: parsePointer(raw.path, where) };
  if (op === 'add' || op === 'replace' || op === 'test') {
    if (!('value' in raw) || raw.value === undefined) throw badRequest(`${where} (${op} ${raw.path}) has no "value"`);
    operation.value = raw.value;
  }
  if (op === 'move' || op === 'copy') {
    if (typeof raw.from !== 'string') throw badRequest(`${where} (${op} ${raw.path}) has no "from" string`);
    operation.from = raw.from;
    operation.fromTokens = parsePointer(raw.from, where);
  }
  return operation;
}

/** RFC 6901: "" is the whole document; otherwise "/"-separated tokens with `~1` for "/" and `~0` for "~". */
function parsePointer(pointer: string, where: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/'))
    throw badRequest(`${where}: path "${pointer.slice(0, 100)}" is not a JSON pointer (it must start with "/")`);
  const tokens = pointer.slice(1).split('/');
  // A path is walked recursively; no aspect is nested anywhere near this deep.
  if (tokens.length > MAX_JSON_DEPTH) throw badRequest(`${where}: path has ${tokens.length} levels; at most ${MAX_JSON_DEPTH} are allowed`);
  return tokens.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** `GenericPatchTemplate`: exactly the given keyed arrays, starting from the aspect's default (or {}). */
function genericTemplate(aspectName: string, primaryKeys: unknown, base: PatchTemplate | undefined): PatchTemplate {
  const arrays: KeyedArraySpec[] = [];
  if (primaryKeys !== undefined && primaryKeys !== null) {
    if (!isPlainObject(primaryKeys)) throw badRequest('"arrayPrimaryKeys" must map array fields to lists of key fields');
    for (const [field, keys] of Object.entries(primaryKeys)) {
      if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) {
        throw badRequest(`"arrayPrimaryKeys.${field}" must be a list of field names`);
      }
      arrays.push({ field, keys: keys as string[] });
    }
  }
  return {
    aspect: aspectName,
    source: 'com.linkedin.metadata.aspect.patch.template.common.GenericPatchTemplate',
    defaultValue: base ? base.defaultValue : () => ({}),
    arrays,
  };
}

// ---------------------------------------------------------------------------------------------------
// Template transforms: arrays to maps and back.

function transform(doc: JObject, template: PatchTemplate, now: number): JObject {
  if (template.requiredAuditStamp && !doc.has(template.requiredAuditStamp)) {
    doc.set(template.requiredAuditStamp, systemStamp(now));
  }
  for (const spec of template.arrays) {
    doc.set(spec.field, arrayToMap(doc.get(spec.field), spec, now));
  }
  if (template.fineGrainedLineages) doc.set('fineGrainedLineages', fineGrainedToMap(doc.get('fineGrainedLineages')));
  return doc;
}

function rebase(doc: JObject, template: PatchTemplate, now: number): void {
  if (template.requiredAuditStamp && !doc.has(template.requiredAuditStamp)) {
    doc.set(template.requiredAuditStamp, systemStamp(now));
  }
  for (const spec of template.arrays) {
    const value = doc.get(spec.field);
    let array: J | undefined = value;
    if (value === undefined || value === null)
      array = []; // the whole array was removed
    else if (value instanceof Map) array = mapToArray(value, spec);
    if (Array.isArray(array) && spec.itemTemplates) {
      for (const item of array) if (item instanceof Map) applyItemTemplates(item, spec, now, rebase);
    }
    if (array !== undefined) doc.set(spec.field, array);
  }
  if (template.fineGrainedLineages) {
    const value = doc.get('fineGrainedLineages');
    if (value === undefined || value === null) doc.set('fineGrainedLineages', []);
    else if (value instanceof Map) doc.set('fineGrainedLineages', fineGrainedToArray(value));
  }
}

function systemStamp(now: number): JObject {
  return new Map<string, J>([
    ['actor', SYSTEM_ACTOR],
    ['time', now],
  ]);
}

function applyItemTemplates(
  item: JObject,
  spec: KeyedArraySpec,
  now: number,
  step: (doc: JObject, template: PatchTemplate, now: number) => unknown,
): void {
  for (const [field, aspect] of Object.entries(spec.itemTemplates ?? {})) {
    const sub = item.get(field);
    const template = patchTemplate(aspect);
    if (sub instanceof Map && template) step(sub, template, now);
  }
}

/** The key of an item for one key field (nested fields joined by U+241F); "" when missing. */
function keyOf(item: J, keyField: string): string {
  let node: J | undefined = item;
  for (const part of keyField.split(KEY_PATH_SEPARATOR)) {
    node = node instanceof Map ? node.get(part) : undefined;
  }
  return asText(node);
}

/** A key for a plain value of an unkeyed array: the string itself (anything else by its JSON text). */
function valueKey(item: J): string {
  return typeof item === 'string' ? item : JSON.stringify(toPlain(item));
}

/** `arrayFieldToMap`: absent or not an array gives an empty map, as in DataHub. */
function arrayToMap(value: J | undefined, spec: KeyedArraySpec, now: number): JObject {
  const map: JObject = new Map();
  if (!Array.isArray(value)) return map;
  for (const item of value) {
    if (spec.keys.length === 0) {
      map.set(valueKey(item), clone(item));
      continue;
    }
    let level = map;
    let parent: JObject | undefined;
    let lastKey = '';
    for (const keyField of spec.keys) {
      const key = keyOf(item, keyField);
      let next = level.get(key);
      if (!(next instanceof Map)) {
        next = new Map();
        level.set(key, next);
      }
      parent = level;
      lastKey = key;
      level = next;
    }
    if (item instanceof Map) {
      // Items with equal keys merge, later fields winning (Jackson `setAll`).
      for (const [k, v] of item) level.set(k, clone(v));
    } else if (parent) {
      parent.set(lastKey, clone(item));
    }
  }
  if (spec.itemTemplates) {
    forEachLeaf(map, spec.keys.length, (leaf) => {
      if (leaf instanceof Map) applyItemTemplates(leaf, spec, now, transform);
    });
  }
  return map;
}

function forEachLeaf(node: J, depth: number, fn: (leaf: J) => void): void {
  if (depth === 0) fn(node);
  else if (node instanceof Map) for (const v of node.values()) forEachLeaf(v, depth - 1, fn);
}

/**
 * `transformedMapToArray`: the map's items in insertion order. In an array of plain values (urns),
 * an item added as `{}` is its key: DataHub's SDK adds a column to a job's `inputDatasetFields` so
 * (`DataJobPatchBuilder.add_input_dataset_field`), naming the urn only in the path.
 */
function mapToArray(map: JObject, spec: KeyedArraySpec): J[] {
  if (spec.keys.length === 0) return [...map].map(([key, item]) => (item instanceof Map && item.size === 0 ? key : item));
  const out: J[] = [];
  collectItems(map, spec.keys, 0, out);
  return out;
}

/**
 * Walks the nested key maps down to the items. A map key that was only in the patch path is put back
 * into items that lack that key field (DataHub's `reinjectKey`), so `add /tags/<urn>` with `{}` gives
 * `{"tag": "<urn>"}`. An item found above the last key level (an older client's `/terms/<urn>` where
 * terms are keyed by urn and source) is taken as it is; an array set at a key is taken item by item.
 */
function collectItems(node: J, keys: readonly string[], depth: number, out: J[]): void {
  if (depth === keys.length || (depth > 0 && isItemLike(node, keys))) {
    if (Array.isArray(node)) out.push(...node);
    else out.push(node);
    return;
  }
  if (node instanceof Map) {
    const keyField = keys[depth]!;
    for (const [key, child] of node) {
      const start = out.length;
      collectItems(child, keys, depth + 1, out);
      if (key !== '' && !keyField.includes(KEY_PATH_SEPARATOR)) {
        for (let i = start; i < out.length; i++) {
          const item = out[i];
          if (item instanceof Map && !item.has(keyField)) item.set(keyField, key);
        }
      }
    }
  } else if (Array.isArray(node)) {
    for (const element of node) collectItems(element, keys, depth + 1, out);
  }
  // A scalar above the item level holds no item.
}

/** An object carrying one of the array's key fields as a scalar is an item, not a map of keys. */
function isItemLike(node: J, keys: readonly string[]): boolean {
  if (!(node instanceof Map)) return false;
  return keys.some((keyField) => {
    let v: J | undefined = node;
    for (const part of keyField.split(KEY_PATH_SEPARATOR)) v = v instanceof Map ? v.get(part) : undefined;
    return isScalar(v);
  });
}

// ---------------------------------------------------------------------------------------------------
// Fine-grained lineage (`FineGrainedLineageTemplateHelper`).

const FGL_DEFAULT_OPERATION = 'NONE';
const FGL_DEFAULT_QUERY = 'NONE';
const FGL_DEFAULT_CONFIDENCE = 1.0;
const FIELD_SET = 'FIELD_SET';
const DATASET = 'DATASET';
const FIELD = 'FIELD';

const NOT_ONE_DOWNSTREAM =
  'Patching not supported on fine grained lineages with not exactly one downstream. Current fine grained ' +
  'lineage implementation is downstream derived and patches are keyed on the root of this derivation.';

/**
 * Each lineage becomes `operation → downstream → query → upstream → {confidenceScore, upstreamType,
 * downstreamType}`; a missing upstreamType defaults from the first upstream (DATASET for a dataset urn,
 * else FIELD_SET), a missing downstreamType to FIELD, confidence to 1.0, query and operation to NONE.
 */
function fineGrainedToMap(value: J | undefined): JObject {
  const map: JObject = new Map();
  if (!Array.isArray(value)) return map;
  for (const lineage of value) {
    if (!(lineage instanceof Map)) throw badRequest('Cannot patch fineGrainedLineages: an entry is not an object');
    const operation = lineage.has('transformOperation') ? asText(lineage.get('transformOperation')) : FGL_DEFAULT_OPERATION;
    const downstreams = lineage.get('downstreams');
    if (!Array.isArray(downstreams) || downstreams.length !== 1) throw badRequest(NOT_ONE_DOWNSTREAM);
    const score = lineage.has('confidenceScore') ? numberOf(lineage.get('confidenceScore')) : FGL_DEFAULT_CONFIDENCE;
    const upstreams = lineage.get('upstreams');
    let upstreamType = lineage.has('upstreamType') ? asText(lineage.get('upstreamType')) : undefined;
    const downstreamType = lineage.has('downstreamType') ? asText(lineage.get('downstreamType')) : FIELD;
    const query = lineage.has('query') ? asText(lineage.get('query')) : FGL_DEFAULT_QUERY;
    if (upstreamType === undefined) {
      const first = Array.isArray(upstreams) && upstreams.length > 0 ? asText(upstreams[0]) : undefined;
      upstreamType = first !== undefined && urnEntityType(first) === 'dataset' ? DATASET : FIELD_SET;
    }
    const queryNode = child(child(child(map, operation), asText(downstreams[0])), query);
    if (Array.isArray(upstreams)) {
      // DataHub collects the upstreams into a java.util.HashMap before adding them, so they go in in
      // that map's iteration order.
      for (const urn of javaHashMapOrder(upstreams.map(asText))) {
        queryNode.set(
          urn,
          new Map<string, J>([
            ['confidenceScore', score],
            ['upstreamType', upstreamType],
            ['downstreamType', downstreamType],
          ]),
        );
      }
    }
  }
  return map;
}

function child(map: JObject, key: string): JObject {
  let next = map.get(key);
  if (!(next instanceof Map)) {
    next = new Map();
    map.set(key, next);
  }
  return next;
}

function numberOf(v: J | undefined): number {
  return typeof v === 'number' ? toJavaFloat(v) : 0;
}

/**
 * DataHub holds confidence scores as Java floats and writes them with `Float.toString`: the value
 * rounded to single precision, in the fewest digits that read back as that float.
 */
function toJavaFloat(x: number): number {
  const f = Math.fround(x);
  if (!Number.isFinite(f) || Number.isInteger(f)) return f;
  for (let digits = 1; digits <= 9; digits++) {
    const shortest = Number(f.toPrecision(digits));
    if (Math.fround(shortest) === f) return shortest;
  }
  return f;
}

function urnEntityType(urn: string): string | undefined {
  const m = /^urn:li:([^:]+):/.exec(urn);
  return m?.[1];
}

/**
 * One lineage per (operation, downstream, query) with at least one upstream, in the maps' order:
 * confidence is the lowest of the upstreams' (at most 1.0), the types are the last ones given
 * (defaults FIELD_SET and FIELD), and query is left out when it is NONE.
 */
function fineGrainedToArray(map: JObject): J[] {
  const out: J[] = [];
  for (const [operation, byDownstream] of map) {
    if (!(byDownstream instanceof Map)) continue;
    for (const [downstream, byQuery] of byDownstream) {
      if (!(byQuery instanceof Map)) continue;
      for (const [query, byUpstream] of byQuery) {
        if (!(byUpstream instanceof Map) || byUpstream.size === 0) continue;
        let confidence = FGL_DEFAULT_CONFIDENCE;
        let upstreamType = FIELD_SET;
        let downstreamType = FIELD;
        const upstreams: J[] = [];
        for (const [upstream, node] of byUpstream) {
          // A bare number is taken as the confidence score.
          const score = node instanceof Map ? node.get('confidenceScore') : node;
          if (typeof score === 'number' && toJavaFloat(score) <= confidence) confidence = toJavaFloat(score);
          if (node instanceof Map) {
            if (node.has('upstreamType')) upstreamType = asText(node.get('upstreamType'));
            if (node.has('downstreamType')) downstreamType = asText(node.get('downstreamType'));
          }
          upstreams.push(upstream);
        }
        const lineage: JObject = new Map<string, J>([
          ['downstreams', [downstream]],
          ['upstreams', upstreams],
        ]);
        if (query.trim() !== '' && query !== FGL_DEFAULT_QUERY) lineage.set('query', query);
        lineage.set('upstreamType', upstreamType);
        lineage.set('downstreamType', downstreamType);
        lineage.set('confidenceScore', toJavaFloat(confidence));
        lineage.set('transformOperation', operation);
        out.push(lineage);
      }
    }
  }
  return out;
}

/** Java's `String.hashCode`. */
function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * The iteration order of a `java.util.HashMap` holding these (distinct) keys, inserted in order: by
 * bucket of the final table (capacity 16, doubled while more than 3/4 full), insertion order within a
 * bucket.
 */
function javaHashMapOrder(keys: string[]): string[] {
  const distinct = [...new Set(keys)];
  let capacity = 16;
  while (distinct.length > capacity * 0.75) capacity *= 2;
  const bucket = (k: string) => {
    const h = javaStringHash(k);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return distinct
    .map((k, i) => ({ k, i, b: bucket(k) }))
    .sort((a, b) => a.b - b.b || a.i - b.i)
    .map((e) => e.k);
}

// ---------------------------------------------------------------------------------------------------
// Applying the operations.

/**
 * `TemplateUtil.populateTopLevelKeys`: before anything is applied, every missing object along each
 * operation's path is created — the parents for every operation, the target itself for `remove` (so
 * removing an absent key removes an empty object). Only objects are filled in: the walk stops at an
 * array or a scalar, where the operation itself reports what does not resolve.
 */
function populateParents(doc: JObject, operations: Operation[]): void {
  for (const op of operations) {
    const end = op.op === 'remove' ? op.tokens.length : op.tokens.length - 1;
    let parent: J = doc;
    for (let i = 0; i < end; i++) {
      if (!(parent instanceof Map)) break;
      const token = op.tokens[i]!;
      let next: J | undefined = parent.get(token);
      if (next === undefined) {
        next = new Map();
        parent.set(token, next);
      }
      parent = next;
    }
  }
}

function applyOperation(doc: J, op: Operation, index: number): J {
  const fail = (problem: string) => badRequest(`Patch operation ${index} (${op.op} ${op.path}) failed: ${problem}`);
  switch (op.op) {
    case 'add':
      return addAt(doc, op.tokens, fromPlain(op.value), fail);
    case 'remove':
      return removeAt(doc, op.tokens, fail).doc;
    case 'replace': {
      if (op.tokens.length === 0) return fromPlain(op.value);
      const { parent, last } = resolveParent(doc, op.tokens, fail);
      const value = fromPlain(op.value);
      if (parent instanceof Map) {
        if (!parent.has(last)) throw fail(`there is no "${last}" to replace`);
        parent.set(last, value);
      } else {
        parent[arrayIndex(parent, last, false, fail)] = value;
      }
      return doc;
    }
    case 'move': {
      const from = op.fromTokens!;
      if (samePath(from, op.tokens)) {
        getAt(doc, from, fail);
        return doc;
      }
      if (isPrefix(from, op.tokens)) throw fail(`cannot move ${op.from} into one of its own children`);
      const removed = removeAt(doc, from, fail);
      return addAt(removed.doc, op.tokens, removed.value, fail);
    }
    case 'copy':
      return addAt(doc, op.tokens, clone(getAt(doc, op.fromTokens!, fail)), fail);
    case 'test': {
      const actual = getAt(doc, op.tokens, fail);
      if (!jsonEquals(actual, fromPlain(op.value))) throw fail(`the value is ${JSON.stringify(toPlain(actual))}`);
      return doc;
    }
  }
}

type Fail = (problem: string) => Error;

function pointerOf(tokens: string[]): string {
  return tokens.map((t) => '/' + t.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function getAt(doc: J, tokens: string[], fail: Fail): J {
  let node: J = doc;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (node instanceof Map) {
      const next = node.get(token);
      if (next === undefined) throw fail(`${pointerOf(tokens.slice(0, i + 1))} does not exist`);
      node = next;
    } else if (Array.isArray(node)) {
      node = node[arrayIndex(node, token, false, (p) => fail(`${pointerOf(tokens.slice(0, i + 1))}: ${p}`))]!;
    } else {
      throw fail(`${pointerOf(tokens.slice(0, i + 1))} does not exist (${pointerOf(tokens.slice(0, i))} is not an object or array)`);
    }
  }
  return node;
}

function resolveParent(doc: J, tokens: string[], fail: Fail): { parent: JObject | J[]; last: string } {
  const parent = getAt(doc, tokens.slice(0, -1), fail);
  if (!(parent instanceof Map) && !Array.isArray(parent)) {
    throw fail(`${pointerOf(tokens.slice(0, -1))} is not an object or array`);
  }
  return { parent, last: tokens[tokens.length - 1]! };
}

function arrayIndex(array: J[], token: string, forAdd: boolean, fail: Fail): number {
  if (forAdd && token === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw fail(`"${token}" is not an index of an array`);
  const i = Number(token);
  if (i > array.length || (!forAdd && i === array.length)) throw fail(`index ${i} is out of bounds (array of ${array.length})`);
  return i;
}

function addAt(doc: J, tokens: string[], value: J, fail: Fail): J {
  if (tokens.length === 0) return value;
  const { parent, last } = resolveParent(doc, tokens, fail);
  if (parent instanceof Map) parent.set(last, value);
  else parent.splice(arrayIndex(parent, last, true, fail), 0, value);
  return doc;
}

function removeAt(doc: J, tokens: string[], fail: Fail): { doc: J; value: J } {
  if (tokens.length === 0) throw fail('cannot remove the whole aspect');
  const { parent, last } = resolveParent(doc, tokens, fail);
  if (parent instanceof Map) {
    const value = parent.get(last);
    if (value === undefined) throw fail(`${pointerOf(tokens)} does not exist`);
    parent.delete(last);
    return { doc, value };
  }
  const [value] = parent.splice(arrayIndex(parent, last, false, fail), 1);
  return { doc, value: value! };
}

function samePath(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

function isPrefix(prefix: string[], path: string[]): boolean {
  return prefix.length < path.length && prefix.every((t, i) => t === path[i]);
}
