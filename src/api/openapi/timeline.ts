/**
 * `GET /openapi/v2/timeline/v1/{urn}`: an entity's change transactions in the categories asked, as
 * DataHub's TimelineControllerV2 answers `datahub timeline`, computed by the timeline service.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ApiServices } from '../../domains/services.js';
import type { ChangeCategory } from '../../domains/timeline/changeEvents.js';
import type { ChangeTransaction } from '../../domains/timeline/timeline.js';
import { badRequest } from '../../errors.js';
import { canonicalUrn, tryParseUrn } from '../../urn.js';
import { Param, queryCheck } from '../rest/params.js';
import { LONG_MAX, queryOf, urnFromPath } from '../rest/restli.js';

const PATH = 'v2/timeline/v1';

/** DataHub's ChangeCategory: those its timeline computes, then those it names for other uses (they give no transactions). */
const COMPUTED: readonly ChangeCategory[] = ['DOCUMENTATION', 'GLOSSARY_TERM', 'OWNER', 'TECHNICAL_SCHEMA', 'TAG'];
const NAMED_ONLY = ['DOMAIN', 'DEPRECATION', 'LIFECYCLE', 'RUN', 'BUSINESS_ATTRIBUTE'];

const checkQuery = queryCheck(
  Type.Object({
    categories: Param.strings('change categories, comma-separated or repeated', { nonEmpty: true }),
    startTime: Param.optional(Param.integer('from this time, in milliseconds (-1: the week before endTime)', { min: -1, max: LONG_MAX })),
    endTime: Param.optional(Param.integer('up to this time, in milliseconds (0: now)', { min: 0, max: LONG_MAX })),
    raw: Param.optional(Param.string('true for each transaction’s JSON Patch')),
  }),
);

function categoriesOf(values: readonly string[]): ChangeCategory[] {
  const out = new Set<ChangeCategory>();
  for (const name of values.flatMap((v) => v.split(',')).map((v) => v.trim())) {
    if (name === '') continue;
    if ((COMPUTED as readonly string[]).includes(name)) out.add(name as ChangeCategory);
    else if (!NAMED_ONLY.includes(name))
      throw badRequest(`Parameter 'categories' holds '${name.slice(0, 40)}', not one of ${[...COMPUTED, ...NAMED_ONLY].join(', ')}`);
  }
  return [...out];
}

/** A flag as Spring reads one: true, on, yes or 1, and their opposites, in any case (`datahub timeline` sends `raw=True`). */
function flag(text: string | undefined): boolean {
  if (text === undefined) return false;
  const word = text.trim().toLowerCase();
  if (['true', 'on', 'yes', '1'].includes(word)) return true;
  if (['false', 'off', 'no', '0', ''].includes(word)) return false;
  throw badRequest(`Parameter 'raw' must be true or false, not '${text.slice(0, 40)}'`);
}

/** A transaction as DataHub's ChangeTransaction serializes (nulls left out). */
function wireTransaction(urn: string, t: ChangeTransaction) {
  return {
    timestamp: t.timestamp,
    actor: t.actor,
    semVer: t.semVer,
    semVerChange: t.semVerChange,
    changeEvents: t.events.map((e) => ({
      entityUrn: urn,
      category: e.category,
      operation: e.operation,
      ...(e.modifier !== undefined ? { modifier: e.modifier } : {}),
      ...(e.parameters ? { parameters: e.parameters } : {}),
      auditStamp: { time: t.timestamp, actor: t.actor },
      semVerChange: e.semVerChange,
      description: e.description,
    })),
    ...(t.rawDiff ? { rawDiff: t.rawDiff } : {}),
    versionStamp: t.versionStamp,
  };
}

export function openapiTimelineRoutes(services: ApiServices) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(`/${PATH}/*`, async (request) => {
      const urn = urnFromPath(request, PATH);
      const query = checkQuery(queryOf(request));
      const categories = categoriesOf(query.categories);
      const raw = flag(query.raw);
      const span = {
        ...(query.startTime !== undefined ? { startTime: query.startTime } : {}),
        ...(query.endTime !== undefined ? { endTime: query.endTime } : {}),
      };
      const history = await services.timeline.timeline(urn, categories, request.actor, { span, rawDiff: raw });
      if (!history) throw badRequest(`Entity Type ${tryParseUrn(urn)?.entityType} not supported`);
      const canonical = canonicalUrn(urn);
      return history.map((t) => wireTransaction(canonical, t));
    });
  };
}
