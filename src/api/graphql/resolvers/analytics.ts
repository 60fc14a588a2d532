/**
 * The analytics page: `isAnalyticsEnabled`, `getHighlights`, `getAnalyticsCharts` and
 * `getMetadataAnalyticsCharts`, computed by domains/analytics/analytics.ts from the usage events and the search
 * documents. Analytics are on: every chart is served.
 */
import { badRequest } from '../../../errors.js';
import type { AnalyticsChart, Cell, ChartGroup } from '../../../domains/analytics/analytics.js';
import { refOf, type GraphQLContext } from '../context.js';
import { entityEnum, entityOfEnum } from '../entityTypes.js';
import type { EntityType, Resolvers, ResolversTypes } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';

function cell(ctx: GraphQLContext, c: Cell): ResolversTypes['Cell'] {
  const entity = c.entity ? refOf(ctx.services, c.entity) : undefined;
  const profile = c.entityProfileUrn ? refOf(ctx.services, c.entityProfileUrn) : undefined;
  const linkParams =
    c.searchQuery !== undefined
      ? { searchParams: { query: c.searchQuery } }
      : profile
        ? { entityProfileParams: { urn: profile.urn, type: entityEnum(profile.entityName) as EntityType } }
        : null;
  return { value: c.value, entity: entity ?? null, linkParams };
}

function chart(ctx: GraphQLContext, c: AnalyticsChart): ResolversTypes['AnalyticsChart'] {
  switch (c.kind) {
    case 'TimeSeriesChart':
      return { __typename: 'TimeSeriesChart', title: c.title, lines: c.lines, dateRange: c.dateRange, interval: c.interval };
    case 'BarChart':
      return { __typename: 'BarChart', title: c.title, bars: c.bars };
    case 'TableChart':
      return {
        __typename: 'TableChart',
        title: c.title,
        columns: c.columns,
        rows: c.rows.map((r) => ({ values: r.values, cells: r.cells.map((x) => cell(ctx, x)) })),
      };
  }
}

const groups = (ctx: GraphQLContext, list: ChartGroup[]) =>
  list.map((g) => ({ groupId: g.groupId, title: g.title, charts: g.charts.map((c) => chart(ctx, c)) }));

const resolvers: Resolvers = {
  Query: {
    isAnalyticsEnabled: () => true,
    getHighlights: (_root, _args, ctx) => ctx.services.analytics.highlights(ctx.actor),
    getAnalyticsCharts: async (_root, _args, ctx) => groups(ctx, await ctx.services.analytics.charts(ctx.actor, entityEnum)),
    getMetadataAnalyticsCharts: async (_root, { input }, ctx) => {
      const entityType = input.entityType ? entityOfEnum(input.entityType) : undefined;
      if (input.entityType && !entityType) throw badRequest(`entity type ${input.entityType} has no analytics`);
      return groups(
        ctx,
        await ctx.services.analytics.metadataCharts(ctx.actor, {
          ...(entityType ? { entityType } : {}),
          ...(input.domain != null ? { domain: input.domain } : {}),
          ...(input.query != null ? { query: input.query } : {}),
        }),
      );
    },
  },
};

export const analyticsModule: ResolverModule = { resolvers };
