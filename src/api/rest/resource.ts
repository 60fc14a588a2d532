/**
 * How a Rest.li resource is declared: its reads (GET routes) and its actions (`POST
 * /<resource>?action=<name>`), each with its parameters declared once as a JSON Schema (params.ts).
 * That one declaration drives routing, parameter checking, the handler's parameter type and the
 * `/resource/docs` page, so the documentation cannot drift from the routes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TObject } from 'typebox';
import { isPlainObject } from '../../json.js';
import type { BodyKind } from '../bodyLimits.js';
import { badRequest } from '../../errors.js';
import type { ApiServices } from '../../domains/services.js';
import { bodyCheck, queryCheck } from './params.js';
import { queryOf, queryParam, type RestliQuery } from './restli.js';

export interface RequestContext {
  services: ApiServices;
  actor: string;
  request: FastifyRequest;
}

interface Described<S extends TObject> {
  doc: string;
  params: S;
  returns: string;
}

export interface ActionSpec<S extends TObject> extends Described<S> {
  name: string;
  /** An ingest batch may be large, for a caller who may write (api/bodyLimits.ts); other actions' bodies are small. */
  body?: BodyKind;
  /** Answers the action's return value (sent as `{"value": …}`), or undefined for a void action. */
  handler: (params: Static<S>, ctx: RequestContext) => Promise<unknown>;
}

export interface ReadSpec<S extends TObject> extends Described<S> {
  /** As shown in the docs, e.g. `/entitiesV2/<urn>`. */
  path: string;
  /** The Fastify route, e.g. `/entitiesV2/*`. */
  route: string;
  handler: (params: Static<S>, ctx: RequestContext, reply: FastifyReply) => Promise<unknown>;
}

/** An action as a resource holds it: its parameters' types are settled inside `run`. */
export interface RestAction extends Described<TObject> {
  name: string;
  body?: BodyKind;
  /** Checks the body's parameters, then runs the handler on them. */
  run: (body: Record<string, unknown>, ctx: RequestContext) => Promise<unknown>;
}

export interface RestRead extends Described<TObject> {
  path: string;
  route: string;
  /** Checks the query's parameters, then runs the handler on them. */
  run: (query: RestliQuery, ctx: RequestContext, reply: FastifyReply) => Promise<unknown>;
}

export interface RestResource {
  name: string;
  doc: string;
  reads: RestRead[];
  actions: RestAction[];
}

export function action<S extends TObject>(spec: ActionSpec<S>): RestAction {
  const check = bodyCheck(spec.params, spec.name);
  return {
    name: spec.name,
    ...(spec.body ? { body: spec.body } : {}),
    doc: spec.doc,
    params: spec.params,
    returns: spec.returns,
    run: (body, ctx) => spec.handler(check(body), ctx),
  };
}

export function read<S extends TObject>(spec: ReadSpec<S>): RestRead {
  const check = queryCheck(spec.params);
  return {
    path: spec.path,
    route: spec.route,
    doc: spec.doc,
    params: spec.params,
    returns: spec.returns,
    run: (query, ctx, reply) => spec.handler(check(query), ctx, reply),
  };
}

/** Registers a resource's routes on an app (or on an encapsulated prefix). */
export function registerResource(app: FastifyInstance, resource: RestResource, services: ApiServices): void {
  // The actor was settled by authentication (api/authentication.ts) before routing.
  const context = (request: FastifyRequest): RequestContext => ({ services, actor: request.actor, request });

  for (const r of resource.reads) app.get(r.route, async (request, reply) => r.run(queryOf(request), context(request), reply));
  if (resource.actions.length === 0) return;

  const byName = new Map(resource.actions.map((a) => [a.name, a]));
  const bodyOf = (request: FastifyRequest): BodyKind => byName.get(queryParam(request, 'action') ?? '')?.body ?? 'small';
  app.post(`/${resource.name}`, { config: { body: bodyOf } }, async (request, reply) => {
    const name = queryParam(request, 'action');
    if (!name) throw badRequest(`POST /${resource.name} needs ?action=<name>; actions: ${[...byName.keys()].join(', ')}`);
    const found = byName.get(name);
    if (!found) throw badRequest(`Unknown action ${name} on resource ${resource.name}; actions: ${[...byName.keys()].join(', ')}`);
    const body = request.body ?? {};
    if (!isPlainObject(body)) throw badRequest(`the body of action ${name} must be a JSON object of its parameters`);
    const result = await found.run(body, context(request));
    if (result === undefined) return reply.code(200).send();
    return { value: result };
  });
}
