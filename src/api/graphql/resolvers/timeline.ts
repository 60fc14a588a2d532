/**
 * An entity's history as the web app reads it: `getTimeline` (change transactions by category),
 * `getSchemaBlame` (which version last changed each field), `getSchemaVersionList`, computed from the
 * stored versions of its aspects, and `versionedDataset`, a dataset's schema as it was at a version
 * stamp (domains/timeline/timeline.ts reads both). Entity types DataHub keeps no timeline for answer null.
 */
import type { ChangeCategory } from '../../../domains/timeline/changeEvents.js';
import { compareVersions, COMPUTED, type ChangeTransaction } from '../../../domains/timeline/timeline.js';
import { parseUrn } from '../../../urn.js';
import { badRequest } from '../../../errors.js';
import { refOf, type EntityRef, type GraphQLContext, clientRef } from '../context.js';
import type { ChangeCategoryType, FabricType, Resolvers, SchemaFieldBlame } from '../generated/resolvers.js';
import { editableSchemaMetadata, schemaMetadata } from '../mappers/schemaMetadata.js';
import type { ResolverModule } from './module.js';

/** The schema's name for DataHub's OWNER category. */
const toCategory = (c: ChangeCategoryType): ChangeCategory => (c === 'OWNERSHIP' ? 'OWNER' : c);
const fromCategory = (c: ChangeCategory): ChangeCategoryType => (c === 'OWNER' ? 'OWNERSHIP' : c);
const ALL: ChangeCategory[] = ['TECHNICAL_SCHEMA', 'DOCUMENTATION', 'TAG', 'GLOSSARY_TERM', 'OWNER'];

const shown = (semVer: string) => (semVer.endsWith(COMPUTED) ? semVer.slice(0, -COMPUTED.length) : semVer);
const versionOf = (t: ChangeTransaction) => ({
  semanticVersion: shown(t.semVer),
  semanticVersionTimestamp: t.timestamp,
  versionStamp: t.versionStamp,
});
const newestFirst = (list: ChangeTransaction[]) =>
  [...list].sort((a, b) => compareVersions(b.semVer, a.semVer) || b.timestamp - a.timestamp);

const schemaHistory = (ctx: GraphQLContext, urn: string) => ctx.services.timeline.timeline(urn, ['TECHNICAL_SCHEMA'], ctx.actor);

const OPERATION_WORDS = { ADD: 'Added', MODIFY: 'Modified', REMOVE: 'Removed' } as const;

const resolvers: Resolvers = {
  Query: {
    versionedDataset: async (_root, { urn, versionStamp }, ctx) => {
      const ref = clientRef(ctx, urn);
      if (ref.entityName !== 'dataset') throw badRequest(`urn ${urn} is not of entity type dataset`);
      const rows = await ctx.services.timeline.aspectsAt(ref.urn, versionStamp, ['schemaMetadata', 'editableSchemaMetadata']);
      const [schemaRow, editableRow] = [rows.get('schemaMetadata'), rows.get('editableSchemaMetadata')];
      const key = ctx.services.registry.keyFromUrn(ctx.services.registry.entity('dataset')!, parseUrn(ref.urn));
      const schema = schemaMetadata(ctx, ref.urn, schemaRow?.value);
      // Built whole, as DataHub's mapper builds it: the page reads this version, not the latest. Entity
      // types are typed as references; schema.ts reads an entity built whole as it is.
      const built = {
        urn: ref.urn,
        type: 'DATASET',
        name: key.name!,
        origin: key.origin as FabricType,
        platform: refOf(ctx.services, key.platform) as EntityRef,
        schema: schema ? { ...schema, lastObserved: (schemaRow?.systemMetadata?.lastObserved as number | undefined) ?? null } : null,
        editableSchemaMetadata: editableSchemaMetadata(ctx, ref.urn, editableRow?.value),
      };
      return built as unknown as EntityRef;
    },
    getTimeline: async (_root, { input }, ctx) => {
      const categories = input.changeCategories && input.changeCategories.length > 0 ? input.changeCategories.map(toCategory) : ALL;
      const history = await ctx.services.timeline.timeline(input.urn, categories, ctx.actor);
      if (!history) return null;
      return {
        changeTransactions: history.map((t) => ({
          timestampMillis: t.timestamp,
          lastSemanticVersion: t.semVer,
          versionStamp: t.versionStamp,
          // DataHub reports every transaction as a modification of the entity.
          changeType: 'MODIFY' as const,
          changes: t.events.map((e) => ({
            urn: input.urn,
            category: fromCategory(e.category),
            operation: e.operation,
            modifier: e.modifier ?? null,
            parameters: Object.entries(e.parameters ?? {}).map(([key, value]) => ({ key, value })),
            auditStamp: { time: t.timestamp, actor: t.actor },
            description: e.description,
          })),
        })),
      };
    },

    /** DataHub's SchemaBlameMapper: the versions up to the one asked (the latest by default), newest first; each field's latest change there; removed fields left out. */
    getSchemaBlame: async (_root, { input }, ctx) => {
      const history = await schemaHistory(ctx, input.datasetUrn);
      if (!history) return null;
      const last = history.at(-1);
      if (!last) return {};
      const cutoff = input.version ?? shown(last.semVer);
      const upTo = newestFirst(history.filter((t) => compareVersions(t.semVer, cutoff) <= 0));
      const [newest] = upTo;
      if (!newest) return {};
      const blame = new Map<string, SchemaFieldBlame>();
      for (const t of upTo) {
        for (const e of t.events) {
          if (e.category !== 'TECHNICAL_SCHEMA' || !e.modifier || blame.has(e.modifier)) continue;
          const fieldPath = parseUrn(e.modifier).parts[1];
          if (fieldPath === undefined) continue;
          blame.set(e.modifier, {
            fieldPath,
            schemaFieldChange: {
              timestampMillis: t.timestamp,
              lastSemanticVersion: shown(t.semVer),
              versionStamp: t.versionStamp,
              changeType: e.operation,
              lastSchemaFieldChange: `${OPERATION_WORDS[e.operation]} in v${shown(t.semVer)}`,
            },
          });
        }
      }
      return {
        version: versionOf(newest),
        schemaFieldBlameList: [...blame.values()].filter((b) => b.schemaFieldChange.changeType !== 'REMOVE'),
      };
    },

    getSchemaVersionList: async (_root, { input }, ctx) => {
      const history = await schemaHistory(ctx, input.datasetUrn);
      const last = history?.at(-1);
      if (!history || !last) return null;
      const latest = versionOf(last);
      return { latestVersion: latest, version: latest, semanticVersionList: newestFirst(history).map(versionOf) };
    },
  },
};

export const timelineModule: ResolverModule = { resolvers };
