/**
 * Rest.li parameters declared once, as a JSON Schema object (built with TypeBox): its properties are
 * the parameters in the order the docs list them, `required` says which must be given, `description`
 * is the meaning shown on `/resource/docs`, and bounds are `minimum`/`maximum`. From that one
 * declaration come the check (compiled by ajv), the handler's parameter type (`Static<…>`) and the
 * docs table, so none of the three can drift from the others.
 *
 * The refusals keep the wording GMS clients already see: each names the first parameter (in
 * declaration order) that is missing or wrong, and what it must be.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import { badRequest, type ServiceError } from '../../errors.js';
import { INT_MAX, type RestliQuery } from './restli.js';

/** The parameter types the docs page names. */
export type ParamType = 'string' | 'integer' | 'boolean' | 'object' | 'array' | 'any';

/** Builders of one parameter's schema; `doc` is its meaning on the docs page. */
export const Param = {
  string: (doc: string) => Type.String({ description: doc }),
  /** One of a few words, e.g. a direction. */
  oneOf: <const V extends string[]>(values: readonly [...V], doc: string) => Type.Enum(values, { type: 'string', description: doc }),
  /** A whole number, from 0 to the largest Rest.li int unless given other bounds. */
  integer: (doc: string, bounds: { min?: number; max?: number } = {}) =>
    Type.Integer({ description: doc, minimum: bounds.min ?? 0, maximum: bounds.max ?? INT_MAX }),
  boolean: (doc: string) => Type.Boolean({ description: doc }),
  /** A JSON object, read further by the service it is handed to (a filter, a proposal). */
  object: (doc: string) => Type.Unsafe<Record<string, unknown>>({ type: 'object', description: doc }),
  /** A list of texts: in a query, `List(a,b)` or the key repeated. */
  strings: (doc: string, options: { nonEmpty?: boolean } = {}) =>
    Type.Array(Type.String(), { description: doc, ...(options.nonEmpty ? { minItems: 1 } : {}) }),
  /** A list whose items the service checks one by one, naming the one that is wrong. */
  list: (doc: string) => Type.Array(Type.Unknown(), { description: doc }),
  any: (doc: string) => Type.Unknown({ description: doc }),
  optional: Type.Optional,
} as const;

/** The JSON Schema keywords a parameter's schema may carry that the checks and the docs read. */
interface Keywords {
  type?: unknown;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  items?: TSchema;
  description?: string;
}
const keywords = (schema: TSchema): Keywords => schema;

/** One parameter as the docs page lists it. */
export interface ParamDoc {
  name: string;
  type: ParamType;
  required: boolean;
  doc: string;
}

function typeOf(schema: TSchema): ParamType {
  const { type } = keywords(schema);
  return type === 'string' || type === 'integer' || type === 'boolean' || type === 'object' || type === 'array' ? type : 'any';
}

/** The parameters of a declaration, in order, for the docs page. */
export function paramDocs(params: TObject): ParamDoc[] {
  const required = new Set<string>(params.required);
  return Object.entries(params.properties).map(([name, schema]) => ({
    name,
    type: typeOf(schema),
    required: required.has(name),
    doc: keywords(schema).description ?? '',
  }));
}

const ajv = new Ajv({ allErrors: true, strict: true });

const orList = (values: readonly unknown[]) =>
  values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` : values.join('');

/**
 * Where parameters come from, which decides the wording of a refusal: an action's body
 * (`Parameter 'x' of action search …`, a number shown as parsed) or a read's query string
 * (`Parameter 'x' …`, the text sent shown quoted), as GMS clients have seen them so far.
 */
type Source = { action: string } | { query: true };

interface Failure {
  name: string;
  /** Not given (or, for a list that must have items, empty). */
  missing: boolean;
}

/** The parameter the first of ajv's errors (in declaration order) is about. */
function firstFailure(params: TObject, errors: readonly ErrorObject[]): Failure {
  const order = Object.keys(params.properties);
  const failures = errors.map((e): Failure => {
    if (e.keyword === 'required') return { name: String(e.params.missingProperty), missing: true };
    return { name: e.instancePath.split('/')[1] ?? '', missing: e.keyword === 'minItems' };
  });
  const rank = (f: Failure) => (order.includes(f.name) ? order.indexOf(f.name) : order.length);
  return failures.reduce((best, f) => (rank(f) < rank(best) ? f : best));
}

function refusal(params: TObject, source: Source, failure: Failure, value: unknown, text: string | undefined): ServiceError {
  const { name } = failure;
  const schema = params.properties[name];
  const where = 'action' in source ? ` of action ${source.action}` : '';
  if (failure.missing || !schema) {
    if ('action' in source) return badRequest(`Parameter '${name}' is required for action ${source.action}`);
    const k = schema ? keywords(schema) : {};
    const hint = k.enum ? `: ${orList(k.enum)}` : k.type === 'array' ? `: ${name}=List(…) or repeated` : '';
    return badRequest(`Parameter '${name}' is required${hint}`);
  }
  const k = keywords(schema);
  const shown = text !== undefined ? `'${text.slice(0, 40)}'` : String(value);
  if (k.type === 'integer' && (text !== undefined || typeof value === 'number')) {
    return badRequest(`Parameter '${name}'${where} must be a whole number from ${k.minimum} to ${k.maximum}, not ${shown}`);
  }
  if (k.enum && typeof value === 'string')
    return badRequest(`Parameter '${name}'${where} must be ${orList(k.enum)}, not '${value.slice(0, 40)}'`);
  if (k.items && Array.isArray(value)) return badRequest(`Parameter '${name}'${where} must be of type array of ${typeOf(k.items)}`);
  return badRequest(`Parameter '${name}'${where} must be of type ${typeOf(schema)}`);
}

/**
 * The check of an action's parameters: the body's declared parameters, typed, or a 400 naming the
 * first one missing or wrong. A null counts as absent, as Rest.li treats an optional field set to null.
 */
export function bodyCheck<S extends TObject>(params: S, action: string): (body: Record<string, unknown>) => Static<S> {
  const validate: ValidateFunction<Static<S>> = ajv.compile<Static<S>>(params);
  return (body) => {
    const given: Record<string, unknown> = {};
    for (const name of Object.keys(params.properties)) {
      const value = Object.hasOwn(body, name) ? body[name] : undefined;
      if (value !== undefined && value !== null) given[name] = value;
    }
    if (validate(given)) return given;
    const failure = firstFailure(params, validate.errors ?? []);
    throw refusal(params, { action }, failure, given[failure.name], undefined);
  };
}

/** A whole number as Rest.li writes one in a query: digits, maybe a minus sign, nothing else. */
const WHOLE_NUMBER = /^-?\d{1,20}$/;

/**
 * The check of a read's query string: the declared parameters, typed (a list for an array
 * parameter, its first value otherwise; an empty value counts as absent), or a 400 naming the
 * first one missing or wrong.
 */
export function queryCheck<S extends TObject>(params: S): (query: RestliQuery) => Static<S> {
  const validate: ValidateFunction<Static<S>> = ajv.compile<Static<S>>(params);
  const source: Source = { query: true };
  return (query) => {
    const given: Record<string, unknown> = {};
    const texts = new Map<string, string>();
    for (const [name, schema] of Object.entries(params.properties)) {
      const values = Object.hasOwn(query, name) ? query[name] : undefined;
      if (values === undefined) continue;
      const type = keywords(schema).type;
      if (type === 'array') {
        given[name] = values;
        continue;
      }
      const text = values[0] ?? '';
      if (text === '') continue;
      texts.set(name, text);
      if (type === 'integer') {
        if (!WHOLE_NUMBER.test(text)) throw refusal(params, source, { name, missing: false }, undefined, text);
        given[name] = Number(text);
      } else if (type === 'boolean') {
        given[name] = text === 'true' ? true : text === 'false' ? false : text;
      } else {
        given[name] = text;
      }
    }
    if (validate(given)) return given;
    const failure = firstFailure(params, validate.errors ?? []);
    throw refusal(params, source, failure, given[failure.name], texts.get(failure.name));
  };
}
