/**
 * Usage: the usage statistics timeseries of datasets, dashboards and charts rolled up as DataHub's
 * usage resolvers do. Points with an `eventGranularity` are buckets (usage in that window); points
 * without one are absolute figures at a moment (a dashboard's total views).
 */
import { aspectValue, type AspectValue } from '../../../registry/aspectValues.js';
import { refOf, type EntityRef, type GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { mayViewTimeseries, pointsOf } from './reads.js';

type DatasetUsage = AspectValue<'datasetUsageStatistics'>;
type ViewUsageAspect = 'dashboardUsageStatistics' | 'chartUsageStatistics';
type UsageAspect = 'datasetUsageStatistics' | ViewUsageAspect;
/** What the rollups read of a dashboard's or chart's points (a chart's users count views only). */
interface ViewUsage {
  viewsCount?: number;
  userCounts?: ReadonlyArray<{ user: string; viewsCount?: number; executionsCount?: number; usageCount?: number }>;
}

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
const windowOf = (p: { eventGranularity?: { unit: string } }) => (p.eventGranularity ? (WINDOWS[p.eventGranularity.unit] ?? null) : null);

/** Counts per key summed over points, highest first. */
function summed<P, X, C extends string>(
  points: readonly P[],
  list: (p: P) => readonly X[] | undefined,
  key: (x: X) => string,
  counts: (x: X) => Record<C, number | undefined>,
): Array<{ key: string } & Record<C, number>> {
  const totals = new Map<string, Partial<Record<C, number>>>();
  for (const p of points) {
    for (const x of list(p) ?? []) {
      const t: Partial<Record<C, number>> = totals.get(key(x)) ?? {};
      for (const [k, v] of Object.entries(counts(x)) as Array<[C, number | undefined]>) t[k] = (t[k] ?? 0) + (v ?? 0);
      totals.set(key(x), t);
    }
  }
  // Every key of `counts` was summed for each item, so each total has them all.
  return [...totals.entries()].map(([k, t]) => ({ key: k, ...(t as Record<C, number>) }));
}

const byCount =
  <C extends string>(field: C) =>
  (a: Record<C, number>, b: Record<C, number>) =>
    (b[field] ?? 0) - (a[field] ?? 0);
const sum = <P>(points: readonly P[], field: (p: P) => number | undefined) => points.reduce((n, p) => n + (field(p) ?? 0), 0);

type PointsRange = {
  startTimeMillis?: number | null | undefined;
  endTimeMillis?: number | null | undefined;
  limit?: number | null | undefined;
};
const usagePoints = async <N extends UsageAspect>(ctx: GraphQLContext, ref: EntityRef, aspect: N, q: PointsRange = {}) =>
  (await pointsOf(ctx, ref, aspect, q)).map((p) => aspectValue(aspect, p));
const bucketsOf = async <N extends UsageAspect>(ctx: GraphQLContext, ref: EntityRef, aspect: N, q: PointsRange) =>
  (await usagePoints(ctx, ref, aspect, q)).filter((p) => p.eventGranularity);

// --- datasets -------------------------------------------------------------------------------------------

function datasetUsers(ctx: GraphQLContext, points: readonly DatasetUsage[]) {
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
      userEmail: points.flatMap((p) => p.userCounts ?? []).find((x) => x.user === u.key && x.userEmail)?.userEmail ?? null,
    }));
}

function datasetAggregations(ctx: GraphQLContext, points: readonly DatasetUsage[]) {
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
    totalSqlQueries: sum(points, (p) => p.totalSqlQueries),
  };
}

async function datasetUsage(ctx: GraphQLContext, ref: EntityRef, startTimeMillis: number | null) {
  return bucketsOf(ctx, ref, 'datasetUsageStatistics', { startTimeMillis });
}

// --- dashboards and charts ----------------------------------------------------------------------------

function viewUsers(ctx: GraphQLContext, points: readonly ViewUsage[]) {
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
const viewsSummary = (aspect: ViewUsageAspect) => async (ref: EntityRef, _args: unknown, ctx: GraphQLContext) => {
  const now = Date.now();
  const latest = (await usagePoints(ctx, ref, aspect)).find((p) => !p.eventGranularity);
  const month = await bucketsOf(ctx, ref, aspect, { startTimeMillis: now - MONTH, endTimeMillis: now });
  const users = viewUsers(ctx, month);
  return {
    viewCount: latest?.viewsCount ?? null,
    viewCountLast30Days: month.length > 0 ? sum(month, (p) => p.viewsCount) : null,
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
      const points = await usagePoints(ctx, ref, 'dashboardUsageStatistics', args);
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
          viewsCount: sum(buckets, (p) => p.viewsCount),
          executionsCount: sum(buckets, (p) => p.executionsCount),
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
