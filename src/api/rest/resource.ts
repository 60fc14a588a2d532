/**
 * How a Rest.li resource is declared: its reads (GET routes) and its actions (`POST
 * /<resource>?action=<name>`), each with its parameters. One declaration drives routing, parameter
 * checking and the `/resource/docs` page, so the documentation cannot drift from the routes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPlainObject } from '../../json.js';
import { badRequest } from '../../service/errors.js';
import type { Services } from '../../service/services.js';
import { INT_MAX, queryParam } from './restli.js';

export type ParamType = 'string' | 'integer' | 'boolean' | 'object' | 'array' | 'any';

export interface ParamDoc {
  name: string;
  type: ParamType;
  required?: boolean;
  doc: string;
  /** For integers: the smallest and largest value allowed (by default 0 and the largest Rest.li int). */
  min?: number;
  max?: number;
}

export interface RequestContext {
  services: Services;
  actor: string;
  request: FastifyRequest;
}

export interface RestAction {
  name: string;
  doc: string;
  params: ParamDoc[];
  returns: string;
  /** Answers the action's return value (sent as `{"value": …}`), or undefined for a void action. */
  handler: (params: Record<string, unknown>, ctx: RequestContext) => Promise<unknown>;
}

export interface RestRead {
  /** As shown in the docs, e.g. `/entitiesV2/<urn>`. */
  path: string;
  /** The Fastify route, e.g. `/entitiesV2/*`. */
  route: string;
  doc: string;
  params: ParamDoc[];
  returns: string;
  handler: (ctx: RequestContext, reply: FastifyReply) => Promise<unknown>;
}

export interface RestResource {
  name: string;
  doc: string;
  reads: RestRead[];
  actions: RestAction[];
}

function checkParam(action: string, p: ParamDoc, value: unknown): void {
  if (value === undefined || value === null) {
    if (p.required) throw badRequest(`Parameter '${p.name}' is required for action ${action}`);
    return;
  }
  if (p.type === 'integer' && typeof value === 'number') {
    const [min, max] = integerBounds(p);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw badRequest(`Parameter '${p.name}' of action ${action} must be a whole number from ${min} to ${max}, not ${value}`);
    }
  }
  const ok =
    p.type === 'any' ||
    (p.type === 'string' && typeof value === 'string') ||
    (p.type === 'integer' && Number.isInteger(value)) ||
    (p.type === 'boolean' && typeof value === 'boolean') ||
    (p.type === 'object' && isPlainObject(value)) ||
    (p.type === 'array' && Array.isArray(value));
  if (!ok) throw badRequest(`Parameter '${p.name}' of action ${action} must be of type ${p.type}`);
}

/** The range an integer parameter may take: Rest.li declares start, count and limit as 32-bit ints. */
export function integerBounds(p: ParamDoc): [number, number] {
  return [p.min ?? 0, p.max ?? INT_MAX];
}

/** Registers a resource's routes on an app (or on an encapsulated prefix). */
export function registerResource(app: FastifyInstance, resource: RestResource, services: Services): void {
  // The actor was settled by authentication (api/authentication.ts) before routing.
  const context = (request: FastifyRequest): RequestContext => ({ services, actor: request.actor, request });

  for (const read of resource.reads) {
    app.get(read.route, async (request, reply) => read.handler(context(request), reply));
  }
  if (resource.actions.length === 0) return;

  const byName = new Map(resource.actions.map((a) => [a.name, a]));
  app.post(`/${resource.name}`, async (request, reply) => {
    const name = queryParam(request, 'action');
    if (!name) throw badRequest(`POST /${resource.name} needs ?action=<name>; actions: ${[...byName.keys()].join(', ')}`);
    const action = byName.get(name);
    if (!action) throw badRequest(`Unknown action ${name} on resource ${resource.name}; actions: ${[...byName.keys()].join(', ')}`);
    const body = request.body ?? {};
    if (!isPlainObject(body)) throw badRequest(`the body of action ${name} must be a JSON object of its parameters`);
    for (const p of action.params) checkParam(name, p, body[p.name]);
    const result = await action.handler(body, context(request));
    if (result === undefined) return reply.code(200).send();
    return { value: result };
  });
}
