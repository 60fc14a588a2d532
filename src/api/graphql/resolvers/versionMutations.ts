/**
 * Linking assets as versions of one another. Linking makes the asset the version set's latest member,
 * sorted after the previous latest (DataHub's eight-letter sort ids); unlinking removes its
 * versionProperties and, when it was the latest, makes the member before it latest again, or removes
 * the version set when none is left. Both need EDIT_ENTITY on the version set and on the asset.
 */
import { onResource } from '../../../auth/requirements.js';
import { buildProposal, type Proposal } from '../../../write/proposals.js';
import { badRequest } from '../../../errors.js';
import { tryParseUrn } from '../../../urn.js';
import type { GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import { authorizeOr, change, deleteWithReferences, exists, stamp, upsert, write } from './managedWrites.js';
import type { ResolverModule } from './module.js';

type Json = Record<string, any>;

const SCHEME = 'ALPHANUMERIC_GENERATED_BY_DATAHUB';
const INITIAL_SORT_ID = 'AAAAAAAA';

/** The next of DataHub's sort ids: eight letters A–Z counted up from the right, wrapping at the end. */
export function nextSortId(id: string): string {
  if (!/^[A-Z]{8}$/.test(id)) throw badRequest(`Invalid version sort id ${id}`);
  const chars = [...id];
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== 'Z') {
      // Only later characters have changed, so the one here is still the id's.
      chars[i] = String.fromCharCode(id.charCodeAt(i) + 1);
      return chars.join('');
    }
    chars[i] = 'A';
  }
  return INITIAL_SORT_ID;
}

function versionSetOf(urn: string | null | undefined) {
  const parsed = tryParseUrn(urn ?? '');
  if (parsed?.entityType !== 'versionSet') throw badRequest(`Version Set urn ${urn} must be of type Version Set.`);
  return { urn: urn!, entityType: parsed.parts[1] };
}

const refusal = (ctx: GraphQLContext, set: string, entity: string) =>
  `${ctx.actor} is unauthorized to UPDATE entities ${set} and ${entity}`;

const aspect = async (ctx: GraphQLContext, urn: string, name: string) =>
  (await ctx.services.store.getAspect(urn, name, 0))?.value as Json | undefined;

/** The members of a version set, by the VersionOf edges their versionProperties draw. */
async function members(ctx: GraphQLContext, set: string): Promise<Array<{ urn: string; sortId: string }>> {
  const { edges } = await ctx.services.store.related({ urn: set, types: ['VersionOf'], direction: 'INCOMING', start: 0, count: 10_000 });
  const out = [];
  for (const e of edges) {
    const v = await aspect(ctx, e.source, 'versionProperties');
    if (v?.versionSet === set) out.push({ urn: e.source, sortId: v.sortId as string });
  }
  return out;
}

const versionSetResult = (urn: string) => ({ urn, entityName: 'versionSet' });

const resolvers: Resolvers = {
  Mutation: {
    linkAssetVersion: async (_root, { input }, ctx) => {
      const set = versionSetOf(input.versionSet);
      const grant = await authorizeOr(
        ctx,
        refusal(ctx, set.urn, input.linkedEntity),
        onResource(set.urn, 'EDIT_ENTITY'),
        onResource(input.linkedEntity, 'EDIT_ENTITY'),
      );
      const entityType = tryParseUrn(input.linkedEntity)?.entityType;
      if (entityType !== set.entityType)
        throw badRequest(`Entity type must match Version Set's specified type: ${set.entityType} invalid type: ${entityType}`);
      if (!(await exists(ctx, input.linkedEntity))) throw badRequest(`Entity ${input.linkedEntity} does not exist`);
      const current = await aspect(ctx, input.linkedEntity, 'versionProperties');
      if (current) {
        if (current.versionSet === set.urn) return versionSetResult(set.urn);
        throw badRequest(
          `Version already exists for specified entity: ${input.linkedEntity} for a different Version Set: ${current.versionSet}`,
        );
      }
      const setProperties = await aspect(ctx, set.urn, 'versionSetProperties');
      if (setProperties && setProperties.versioningScheme !== SCHEME) throw badRequest(`Only versioning scheme supported is ${SCHEME}`);
      const previous = setProperties ? await aspect(ctx, setProperties.latest, 'versionProperties') : undefined;
      const sortId = previous ? nextSortId(previous.sortId) : INITIAL_SORT_ID;
      const proposals: Proposal[] = [
        upsert(ctx, input.linkedEntity, 'versionProperties', {
          versionSet: set.urn,
          version: { versionTag: input.version, metadataAttribution: { time: Date.now(), actor: ctx.actor } },
          aliases: [],
          ...(input.comment != null ? { comment: input.comment } : {}),
          sortId,
          versioningScheme: SCHEME,
          metadataCreatedTimestamp: stamp(ctx),
          ...(input.sourceTimestamp != null
            ? { sourceCreatedTimestamp: { time: input.sourceTimestamp, actor: input.sourceCreator ?? 'urn:li:corpuser:unknown' } }
            : {}),
          isLatest: true,
        }),
        upsert(ctx, set.urn, 'versionSetProperties', { latest: input.linkedEntity, versioningScheme: SCHEME }),
      ];
      if (setProperties && previous)
        proposals.push(change(ctx, setProperties.latest, 'versionProperties', (v) => ({ ...v, isLatest: false })));
      await write(ctx, grant, proposals);
      return versionSetResult(set.urn);
    },
    unlinkAssetVersion: async (_root, { input }, ctx) => {
      const set = versionSetOf(input.versionSet);
      const entity = input.unlinkedEntity;
      if (!entity) throw badRequest('unlinkedEntity is required');
      const grant = await authorizeOr(
        ctx,
        refusal(ctx, set.urn, entity),
        onResource(set.urn, 'EDIT_ENTITY'),
        onResource(entity, 'EDIT_ENTITY'),
      );
      const current = await aspect(ctx, entity, 'versionProperties');
      if (!current) return versionSetResult(set.urn);
      if (current.versionSet !== set.urn)
        throw badRequest(`Version is not linked to specified version set: ${set.urn} but is linked to: ${current.versionSet}`);
      const setProperties = await aspect(ctx, set.urn, 'versionSetProperties');
      const proposals = [buildProposal(ctx.services.registry, entity, 'versionProperties', 'DELETE')];
      if (setProperties?.latest === entity) {
        const before = (await members(ctx, set.urn))
          .filter((m) => m.urn !== entity && m.sortId < current.sortId)
          .sort((a, b) => b.sortId.localeCompare(a.sortId))[0];
        if (!before) {
          await write(ctx, grant, proposals);
          // No version left: the set goes too, as DataHub's does.
          await deleteWithReferences(ctx, grant, set.urn);
          return versionSetResult(set.urn);
        }
        proposals.push(
          upsert(ctx, set.urn, 'versionSetProperties', { ...setProperties, latest: before.urn }),
          change(ctx, before.urn, 'versionProperties', (v) => ({ ...v, isLatest: true })),
        );
      }
      await write(ctx, grant, proposals);
      return versionSetResult(set.urn);
    },
  },
};

export const versionMutationsModule: ResolverModule = { resolvers };
