/**
 * Usage: the usage statistics timeseries of datasets, dashboards and charts rolled up as DataHub's
 * usage resolvers do. Points with an `eventGranularity` are buckets (usage in that window); points
 * without one are absolute figures at a moment (a dashboard's total views).
 */
import { refOf, type EntityRef, type GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { mayViewTimeseries, pointsOf } from './reads.js';

type Json = Record<string, any>;

const DAY = 24 * 60 * 60 * 1000;
/** How far back each `TimeRange` reaches. */
const RANGES: Record<string, number | null> = {
  DAY,
  WEEK: 7 * DAY,
  MONTH: 30 * DAY,
  QUARTER: 91 * DAY,
  HALF_YEAR: 182 * DAY,
  YEAR: 365 * DAY,
  ALL: null,
};
/** DataHub trims a summary's top users to five. */
const MAX_TOP_USERS = 5;
const MONTH = 30 * DAY;

const WINDOWS: Record<string, string> = { DAY: 'DAY', WEEK: 'WEEK', MONTH: 'MONTH', YEAR: 'YEAR' };
const windowOf = (p: Json) => (p.eventGranularity ? (WINDOWS[p.eventGranularity.unit] ?? null) : null);

/** Counts per key summed over points, highest first. */
function summed(
  points: Json[],
  list: (p: Json) => Json[] | undefined,
  key: (x: Json) => string,
  counts: (x: Json) => Record<string, number>,
) {
  const totals = new Map<string, Record<string, number>>();
  for (const p of points) {
    for (const x of list(p) ?? []) {
      const t = totals.get(key(x)) ?? {};
      for (const [k, v] of Object.entries(counts(x))) t[k] = (t[k] ?? 0) + (v ?? 0);
      totals.set(key(x), t);
    }
  }
  return [...totals.entries()].map(([k, t]): Json => ({ key: k, ...t }));
}

const byCount = (field: string) => (a: Json, b: Json) => (b[field] ?? 0) - (a[field] ?? 0);
const sum = (points: Json[], field: string) => points.reduce((n, p) => n + (p[field] ?? 0), 0);
const bucketsOf = async (
  ctx: GraphQLContext,
  ref: EntityRef,
  aspect: string,
  q: { startTimeMillis?: number | null | undefined; endTimeMillis?: number | null | undefined; limit?: number | null | undefined },
) => (await pointsOf(ctx, ref, aspect, q)).filter((p) => p.eventGranularity);

// --- datasets -------------------------------------------------------------------------------------------

function datasetUsers(ctx: GraphQLContext, points: Json[]) {
  return summed(
    points,
    (p) => p.userCounts,
    (u) => u.user,
    (u) => ({ count: u.count }),
  )
    .sort(byCount('count'))
    .map((u) => ({
      user: refOf(ctx.services, u.key) ?? null,
      count: u.count,
      userEmail: points.flatMap((p) => p.userCounts ?? []).find((x: Json) => x.user === u.key && x.userEmail)?.userEmail ?? null,
    }));
}

function datasetAggregations(ctx: GraphQLContext, points: Json[]) {
  const users = datasetUsers(ctx, points);
  return {
    uniqueUserCount: users.length,
    users,
    fields: summed(
      points,
      (p) => p.fieldCounts,
      (f) => f.fieldPath,
      (f) => ({ count: f.count }),
    )
      .sort(byCount('count'))
      .map((f) => ({ fieldName: f.key, count: f.count })),
    totalSqlQueries: sum(points, 'totalSqlQueries'),
  };
}

async function datasetUsage(ctx: GraphQLContext, ref: EntityRef, startTimeMillis: number | null) {
  return bucketsOf(ctx, ref, 'datasetUsageStatistics', { startTimeMillis });
}

// --- dashboards and charts ----------------------------------------------------------------------------

function viewUsers(ctx: GraphQLContext, points: Json[]) {
  return summed(
    points,
    (p) => p.userCounts,
    (u) => u.user,
    (u) => ({ viewsCount: u.viewsCount, executionsCount: u.executionsCount, usageCount: u.usageCount ?? u.viewsCount }),
  )
    .sort(byCount('usageCount'))
    .map((u) => ({
      user: refOf(ctx.services, u.key) ?? null,
      viewsCount: u.viewsCount ?? null,
      executionsCount: u.executionsCount ?? null,
      usageCount: u.usageCount ?? null,
    }));
}

/** Views at the latest absolute point, and the users of the last month: DataHub's dashboard summary. */
const viewsSummary = (aspect: string) => async (ref: EntityRef, _args: unknown, ctx: GraphQLContext) => {
  const now = Date.now();
  const latest = (await pointsOf(ctx, ref, aspect)).find((p) => !p.eventGranularity);
  const month = await bucketsOf(ctx, ref, aspect, { startTimeMillis: now - MONTH, endTimeMillis: now });
  const users = viewUsers(ctx, month);
  return {
    viewCount: latest?.viewsCount ?? null,
    viewCountLast30Days: month.length > 0 ? sum(month, 'viewsCount') : null,
    uniqueUserCountLast30Days: users.length,
    topUsersLast30Days: users.slice(0, MAX_TOP_USERS).flatMap((u) => u.user ?? []),
  };
};

export const usageResolvers: Resolvers = {
  Dataset: {
    usageStats: async (ref, args, ctx) => {
      if (!(await mayViewTimeseries(ctx, ref, 'datasetUsageStatistics'))) return null;
      const reach = RANGES[args.range ?? 'MONTH'] ?? null;
      const start = args.startTimeMillis != null ? Number(args.startTimeMillis) : reach !== null ? Date.now() - reach : null;
      const points = await datasetUsage(ctx, ref, start);
      return {
        buckets: points.map((p) => ({
          bucket: p.timestampMillis,
          duration: windowOf(p),
          resource: ref.urn,
          metrics: {
            ...datasetAggregations(ctx, [p]),
            uniqueUserCount: p.uniqueUserCount ?? null,
            totalSqlQueries: p.totalSqlQueries ?? null,
            topSqlQueries: p.topSqlQueries ?? null,
          },
        })) as any,
        aggregations: datasetAggregations(ctx, points) as any,
      };
    },
    statsSummary: async (ref, _args, ctx) => {
      if (!(await mayViewTimeseries(ctx, ref, 'datasetUsageStatistics'))) return null;
      const a = datasetAggregations(ctx, await datasetUsage(ctx, ref, Date.now() - MONTH));
      return {
        queryCountLast30Days: a.totalSqlQueries,
        uniqueUserCountLast30Days: a.uniqueUserCount,
        topUsersLast30Days: a.users.slice(0, MAX_TOP_USERS).flatMap((u) => u.user ?? []),
      };
    },
  },
  Dashboard: {
    usageStats: async (ref, args, ctx) => {
      const points = await pointsOf(ctx, ref, 'dashboardUsageStatistics', args);
      const buckets = points.filter((p) => p.eventGranularity);
      return {
        metrics: points
          .filter((p) => !p.eventGranularity)
          .map((p) => ({
            timestampMillis: p.timestampMillis,
            favoritesCount: p.favoritesCount ?? null,
            viewsCount: p.viewsCount ?? null,
            executionsCount: p.executionsCount ?? null,
            lastViewed: p.lastViewedAt ?? null,
          })),
        buckets: buckets.map((p) => ({
          bucket: p.timestampMillis,
          duration: windowOf(p),
          resource: ref.urn,
          metrics: {
            uniqueUserCount: p.uniqueUserCount ?? null,
            viewsCount: p.viewsCount ?? null,
            executionsCount: p.executionsCount ?? null,
          },
        })) as any,
        aggregations: {
          uniqueUserCount: viewUsers(ctx, buckets).length,
          users: viewUsers(ctx, buckets) as any,
          viewsCount: sum(buckets, 'viewsCount'),
          executionsCount: sum(buckets, 'executionsCount'),
        },
      };
    },
    statsSummary: viewsSummary('dashboardUsageStatistics') as any,
  },
  Chart: {
    statsSummary: viewsSummary('chartUsageStatistics') as any,
  },
};

export const usageModule: ResolverModule = { resolvers: usageResolvers };
