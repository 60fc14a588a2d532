/**
 * The analytics page and its highlights, as DataHub's analytics resolvers compute them: active
 * users, searches and views from the recorded usage events (usageEvents.ts), and the metadata
 * landscape (entities by domain, platform, term and environment) from the search documents. Times
 * are in UTC; weeks start on Monday, as DataHub's date histograms.
 */
import type { Authorizer } from '../../auth/authorizer.js';
import { aspectValue, type AspectName } from '../../registry/aspectValues.js';
import type { Registry } from '../../registry/registry.js';
import type { AspectRow, Criterion, SearchQuery, Store } from '../../store/types.js';
import type { UsageFilter } from '../../store/usage.js';
import { tryParseUrn } from '../../urn.js';
import { boundedText } from '../../limits.js';
import { countValues, topCounts } from '../search/valueCounts.js';
import { filterQuery } from '../search/filters.js';

export interface Highlight {
  value: number;
  title: string;
  body: string;
}

export interface Cell {
  value: string;
  /** The urn of the entity the cell shows. */
  entity?: string;
  /** Where a click leads: a search, or the entity's page. */
  searchQuery?: string;
  entityProfileUrn?: string;
}

export type AnalyticsChart =
  | {
      kind: 'TimeSeriesChart';
      title: string;
      lines: Array<{ name: string; data: Array<{ x: string; y: number }> }>;
      dateRange: { start: string; end: string };
      interval: 'DAY' | 'WEEK' | 'MONTH';
    }
  | { kind: 'BarChart'; title: string; bars: Array<{ name: string; segments: Array<{ label: string; value: number }> }> }
  | { kind: 'TableChart'; title: string; columns: string[]; rows: Array<{ values: string[]; cells: Cell[] }> };

export interface ChartGroup {
  groupId: string;
  title: string;
  charts: AnalyticsChart[];
}

export interface MetadataAnalyticsRequest {
  /** A registry entity type name; none: every type. */
  entityType?: string;
  /** A domain urn; empty or 'ALL': every domain. */
  domain?: string;
  query?: string;
}

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Left out of the top users, as DataHub does. */
const BUILT_IN_USERS = ['urn:li:corpuser:admin', 'urn:li:corpuser:datahub'];
/** Bars, segments and rows of a chart (Elasticsearch's default terms size, which DataHub's charts get). */
const TOP = 10;
const MISSING = 'N/A';
const ENTITY_VIEW = 'EntityViewEvent';
const SEARCH = 'SearchEvent';

/** Entity types with a highlight, and their titles. */
const HIGHLIGHTED: ReadonlyArray<[string, string]> = [
  ['Datasets', 'dataset'],
  ['Dashboards', 'dashboard'],
  ['Charts', 'chart'],
  ['Pipelines', 'dataFlow'],
  ['Tasks', 'dataJob'],
  ['Domains', 'domain'],
];

const startOfDay = (t: number) => t - (((t % DAY) + DAY) % DAY);

/** Joda's plusMonths: the same day of month, or the month's last day when it has fewer. */
function addMonths(t: number, months: number): number {
  const d = new Date(t);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

const percent = (part: number, whole: number) => ((100 * part) / whole).toFixed(2);
const hasValue = (field: string): Criterion => ({ field, condition: 'EQUAL', values: ['true'], negated: false });

export class AnalyticsService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
    private readonly now: () => number,
  ) {}

  async highlights(actor: string): Promise<Highlight[]> {
    const now = this.now();
    const out = [
      await this.activeUsers('Weekly Active Users', 'week', now, (t) => t - WEEK),
      await this.activeUsers('Monthly Active Users', 'month', now, (t) => addMonths(t, -1)),
    ];
    const visible = await this.visibleTypes(actor);
    for (const [title, type] of HIGHLIGHTED) {
      if (!visible.includes(type)) continue;
      const count = (filter: Criterion[] = []) => this.count([type], filter.length > 0 ? [filter] : []);
      const total = await count();
      // A type with no entities has no highlight.
      if (total === 0) continue;
      const shares = [
        `${percent(await count([hasValue('hasOwners')]), total)}% have owners`,
        `${percent(await count([hasValue('hasTags')]), total)}% have tags`,
        `${percent(await count([hasValue('hasGlossaryTerms')]), total)}% have glossary terms`,
        `${percent(await count([hasValue('hasDescription')]), total)}% have description`,
      ];
      // Domains are not said to have a domain.
      if (type !== 'domain') shares.push(`${percent(await count([hasValue('hasDomain')]), total)}% have domain assigned`);
      out.push({ title, value: total, body: `${shares.join(', ')}!` });
    }
    return out;
  }

  /** Distinct users with events in the period up to now, and how that compares with the period before. */
  private async activeUsers(title: string, period: string, now: number, back: (t: number) => number): Promise<Highlight> {
    const start = back(now);
    const [before = 0, current = 0] = await this.store.countUsage(
      {},
      [
        [back(start), start],
        [start, now],
      ],
      true,
    );
    let body = '';
    if (before > 0) {
      const change = ((current - before) / before) * 100;
      body = `${change.toFixed(2)}% ${change > 0 ? 'increase' : 'decrease'} from last ${period}`;
    }
    return { title, value: current, body };
  }

  /** DataHub's two groups of the analytics page: usage, and the metadata landscape. */
  async charts(actor: string, typeLabel: (entityName: string) => string): Promise<ChartGroup[]> {
    return [
      { groupId: 'DataHubUsageAnalytics', title: 'Usage Analytics', charts: await this.usageCharts(typeLabel) },
      { groupId: 'GlobalMetadataAnalytics', title: 'Data Landscape Summary', charts: await this.landscapeCharts(actor) },
    ];
  }

  private async usageCharts(typeLabel: (entityName: string) => string): Promise<AnalyticsChart[]> {
    const now = this.now();
    const tomorrow = startOfDay(now) + DAY;
    const week: UsageFilter = { startTimeMillis: tomorrow - WEEK, endTimeMillis: tomorrow - 1 };
    const month: UsageFilter = { startTimeMillis: addMonths(tomorrow - 1, -1) + 1, endTimeMillis: tomorrow - 1 };
    const nextWeek = startOfDay(now) - ((new Date(now).getUTCDay() + 6) % 7) * DAY + WEEK;
    const thisMonth = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
    const weeks = Array.from({ length: 10 }, (_, i) => nextWeek - (10 - i) * WEEK);
    const months = Array.from({ length: 11 }, (_, i) => addMonths(thisMonth, i - 11));
    const days = Array.from({ length: 7 }, (_, i) => week.startTimeMillis! + i * DAY);
    return [
      await this.timeSeries('Weekly Active Users', 'WEEK', weeks, nextWeek - 1, {}, true),
      await this.timeSeries('Monthly Active Users', 'MONTH', months, thisMonth - 1, {}, true),
      await this.newUsers(month),
      await this.topUsers(month),
      await this.timeSeries('Number of Searches', 'DAY', days, week.endTimeMillis!, { types: [SEARCH] }, false),
      await this.topSearches(week),
      await this.topViewed('Top Viewed Datasets (Past Week)', 'dataset', week),
      await this.topViewed('Top Viewed Dashboards (Past Week)', 'dashboard', week),
      await this.eventBars('Tab Views By Entity Type (Past Week)', 'EntitySectionViewEvent', 'section', week, typeLabel),
      await this.eventBars('Actions By Entity Type (Past Week)', 'EntityActionEvent', 'actionType', week, typeLabel),
    ];
  }

  /** One line, `total`: per bucket (starting at each of `starts`, the last ending at `end`) the events or distinct users. */
  private async timeSeries(
    title: string,
    interval: 'DAY' | 'WEEK' | 'MONTH',
    starts: number[],
    end: number,
    filter: UsageFilter,
    users: boolean,
  ): Promise<AnalyticsChart> {
    const buckets = starts.map((s, i) => [s, starts[i + 1] ?? end + 1] as const);
    const counts = await this.store.countUsage(filter, buckets, users);
    return {
      kind: 'TimeSeriesChart',
      title,
      interval,
      dateRange: { start: String(starts[0]), end: String(end) },
      lines: [{ name: 'total', data: starts.map((s, i) => ({ x: new Date(s).toISOString(), y: counts[i] ?? 0 })) }],
    };
  }

  /** Users whose status changed in the past month (as DataHub finds its new users), newest first. */
  private async newUsers(month: UsageFilter): Promise<AnalyticsChart> {
    const page = await this.store.search(
      this.query(
        ['corpuser'],
        [[{ field: 'statusLastModifiedAt', condition: 'GREATER_THAN', values: [String(month.startTimeMillis)], negated: false }]],
        100,
      ),
    );
    const statuses = await this.store.getLatestAspects(page.urns, ['corpUserStatus']);
    const changed = (u: string) => Number((statuses.get(u)?.[0]?.value.lastModified as { time?: number } | undefined)?.time ?? 0);
    const urns = [...page.urns].sort((a, b) => changed(b) - changed(a));
    return {
      kind: 'TableChart',
      title: 'New Users (Last 30 Days)',
      columns: ['Name', 'Title', 'Email'],
      rows: await this.userRows(urns.map((u) => [u])),
    };
  }

  private async topUsers(month: UsageFilter): Promise<AnalyticsChart> {
    const groups = await this.store.groupUsage({
      ...month,
      excludeActors: BUILT_IN_USERS,
      by: ['actor'],
      present: true,
      order: 'count',
      limit: 30,
    });
    return {
      kind: 'TableChart',
      title: 'Top Users (Last 30 Days)',
      columns: ['Name', 'Title', 'Email'],
      rows: await this.userRows(groups.map((g) => [g.values[0]!, String(g.count)])),
    };
  }

  /** Rows of users: the user (by name, linked), their title and email ('None' when unknown). */
  private async userRows(values: Array<[string, ...string[]]>): Promise<Array<{ values: string[]; cells: Cell[] }>> {
    const urns = values.map((v) => v[0]);
    const aspects = await this.store.getLatestAspects(urns, ['corpUserInfo', 'corpUserEditableInfo', 'corpUserKey']);
    return values.map((v) => {
      const rows = aspects.get(v[0]) ?? [];
      const info = rows.find((r) => r.aspect === 'corpUserInfo')?.value;
      const editable = rows.find((r) => r.aspect === 'corpUserEditableInfo')?.value;
      const field = (name: string) =>
        (typeof info?.[name] === 'string' ? info[name] : typeof editable?.[name] === 'string' ? editable[name] : 'None') as string;
      return {
        values: v,
        cells: [this.entityCell(v[0], rows.length > 0 ? userName(v[0], info) : v[0]), { value: field('title') }, { value: field('email') }],
      };
    });
  }

  private async topSearches(week: UsageFilter): Promise<AnalyticsChart> {
    const groups = await this.store.groupUsage({ ...week, types: [SEARCH], by: ['query'], present: true, order: 'count', limit: TOP });
    return {
      kind: 'TableChart',
      title: 'Top Searches (Past Week)',
      columns: ['Query', 'Count'],
      rows: groups.map((g) => ({
        values: [g.values[0]!, String(g.count)],
        cells: [{ value: g.values[0]!, searchQuery: g.values[0]! }, { value: String(g.count) }],
      })),
    };
  }

  private async topViewed(title: string, entityType: string, week: UsageFilter): Promise<AnalyticsChart> {
    const groups = await this.store.groupUsage({
      ...week,
      types: [ENTITY_VIEW],
      entityTypes: [entityType],
      by: ['entityUrn'],
      present: true,
      order: 'count',
      limit: TOP,
    });
    const names = await this.displayNames(groups.map((g) => g.values[0]!));
    return {
      kind: 'TableChart',
      title,
      columns: ['Name', 'View Count'],
      rows: groups.map((g) => ({
        values: [g.values[0]!, String(g.count)],
        cells: [this.entityCell(g.values[0]!, names.get(g.values[0]!) ?? g.values[0]!), { value: String(g.count) }],
      })),
    };
  }

  /** Events of one type per entity type (bars) and per `detail` (segments); events without one count as N/A. */
  private async eventBars(
    title: string,
    type: string,
    detail: 'section' | 'actionType',
    week: UsageFilter,
    typeLabel: (entityName: string) => string,
  ): Promise<AnalyticsChart> {
    const groups = await this.store.groupUsage({
      ...week,
      types: [type],
      by: ['entityType', detail],
      present: false,
      order: 'count',
      limit: 1000,
    });
    const bars = new Map<string, Array<{ label: string; value: number }>>();
    for (const g of groups) {
      const [entityType, segment] = g.values;
      const name = entityType == null ? MISSING : typeLabel(entityType);
      if (!bars.has(name) && bars.size >= TOP) continue;
      const segments = bars.get(name) ?? [];
      if (segments.length < TOP) segments.push({ label: segment ?? MISSING, value: g.count });
      bars.set(name, segments);
    }
    return { kind: 'BarChart', title, bars: [...bars].map(([name, segments]) => ({ name, segments })) };
  }

  private async landscapeCharts(actor: string): Promise<AnalyticsChart[]> {
    const types = await this.visibleTypes(actor);
    const { counts } = await countValues(this.store, this.registry, {
      entityTypes: types,
      fields: ['domains', 'platform', 'glossaryTerms', 'origin'],
    });
    const charts: AnalyticsChart[] = [];
    const domains = topCounts(counts.domains, TOP);
    if (domains.length > 0) {
      const names = await this.displayNames([...domains.map(([d]) => d)]);
      const bars = [];
      for (const [domain] of domains) {
        const platforms = topCounts(
          (
            await countValues(this.store, this.registry, {
              entityTypes: types,
              fields: ['platform'],
              filter: [[{ field: 'domains', condition: 'EQUAL', values: [domain], negated: false }]],
            })
          ).counts.platform,
          TOP,
        );
        const platformNames = await this.displayNames(platforms.map(([p]) => p));
        bars.push({
          name: names.get(domain) ?? domain,
          segments: platforms.map(([p, n]) => ({ label: platformNames.get(p) ?? p, value: n })),
        });
      }
      charts.push({ kind: 'BarChart', title: 'Entities By Domain', bars });
    }
    const platforms = await this.countBars(counts.platform);
    if (platforms.length > 0) charts.push({ kind: 'BarChart', title: 'Assets By Platform', bars: platforms });
    const terms = await this.countBars(counts.glossaryTerms);
    if (terms.length > 0) charts.push({ kind: 'BarChart', title: 'Entities With Term', bars: terms });
    const origins = await this.countBars(counts.origin);
    if (origins.length > 1) charts.push({ kind: 'BarChart', title: 'Entities By Environment', bars: origins });
    return charts;
  }

  /** DataHub's filtered metadata analytics: the data assets a query (in a domain, of a type) finds, by domain, platform, term and environment. */
  async metadataCharts(actor: string, req: MetadataAnalyticsRequest): Promise<ChartGroup[]> {
    const visible = await this.visibleTypes(actor);
    const types = req.entityType ? visible.filter((t) => t === req.entityType) : visible;
    const inDomain = req.domain !== undefined && boundedText(req.domain, 'domain') !== '' && req.domain !== 'ALL';
    const filter: SearchQuery['filter'] = inDomain
      ? [[{ field: 'domains', condition: 'EQUAL', values: [req.domain!], negated: false }]]
      : [];
    const { counts } = await countValues(this.store, this.registry, {
      entityTypes: types,
      fields: ['domains', 'platform', 'glossaryTerms', 'origin'],
      filter,
      query: req.query ?? '',
    });
    const charts: AnalyticsChart[] = [];
    const add = async (title: string, field: keyof typeof counts, minBars = 1) => {
      const bars = await this.countBars(counts[field]);
      if (bars.length >= minBars) charts.push({ kind: 'BarChart', title, bars });
    };
    if (!req.domain) await add('Data Assets by Domain', 'domains');
    await add('Data Assets by Platform', 'platform');
    await add('Data Assets by Term', 'glossaryTerms');
    await add('Data Assets by Environment', 'origin', 2);
    return [{ groupId: 'FilteredMetadataAnalytics', title: '', charts }];
  }

  /** The top values as bars of one `Count` segment, named by their entities' display names where they are urns. */
  private async countBars(
    counts: ReadonlyMap<string, number>,
  ): Promise<Array<{ name: string; segments: Array<{ label: string; value: number }> }>> {
    const top = topCounts(counts, TOP);
    const names = await this.displayNames(top.map(([v]) => v));
    return top.map(([value, n]) => ({ name: names.get(value) ?? value, segments: [{ label: 'Count', value: n }] }));
  }

  private entityCell(urn: string, value: string): Cell {
    return this.registry.entityOfUrn(urn) ? { value, entity: urn, entityProfileUrn: urn } : { value };
  }

  /** Names of the entities DataHub's charts show by name (domains, platforms, terms, datasets, dashboards); others keep their urn. */
  private async displayNames(urns: readonly string[]): Promise<Map<string, string>> {
    const named = urns.filter((u) => tryParseUrn(u));
    const aspects = await this.store.getLatestAspects(named, [
      'domainProperties',
      'dataPlatformInfo',
      'glossaryTermInfo',
      'datasetKey',
      'datasetProperties',
      'dashboardInfo',
    ]);
    const out = new Map<string, string>();
    for (const urn of named) {
      const name = displayName(urn, aspects.get(urn) ?? []);
      if (name !== undefined) out.set(urn, name);
    }
    return out;
  }

  private async visibleTypes(actor: string): Promise<string[]> {
    const searchable = [...this.registry.entities.values()].filter((e) => e.category !== 'internal');
    return (await this.authorizer.visibleTypes(actor, searchable)).map((e) => e.name);
  }

  private async count(types: readonly string[], filter: SearchQuery['filter']): Promise<number> {
    return (await this.store.search(this.query(types, filter, 0))).total;
  }

  private query(types: readonly string[], filter: SearchQuery['filter'], count: number): SearchQuery {
    return filterQuery(types, filter, count);
  }
}

/** DataHub's name of an entity in a chart (AnalyticsUtil): undefined where it has none. */
function displayName(urn: string, rows: readonly AspectRow[]): string | undefined {
  const value = <N extends AspectName>(aspect: N) => aspectValue(aspect, rows.find((r) => r.aspect === aspect)?.value);
  const parsed = tryParseUrn(urn)!;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  switch (parsed.entityType) {
    case 'domain':
      return text(value('domainProperties')?.name);
    case 'dataPlatform': {
      const info = value('dataPlatformInfo');
      return text(info?.displayName) ?? text(info?.name) ?? parsed.parts[0];
    }
    case 'glossaryTerm':
      return text(value('glossaryTermInfo')?.name) ?? parsed.parts[0];
    case 'dataset':
      return rows.length > 0 ? (text(value('datasetProperties')?.name) ?? parsed.parts[1]) : undefined;
    case 'dashboard':
      return text(value('dashboardInfo')?.title);
    default:
      return undefined;
  }
}

/** DataHub's user name: the display name, else first and last name, else the user name in the urn. */
function userName(urn: string, info: Record<string, unknown> | undefined): string {
  if (typeof info?.displayName === 'string') return info.displayName;
  if (typeof info?.firstName === 'string' && typeof info?.lastName === 'string') return `${info.firstName} ${info.lastName}`;
  return tryParseUrn(urn)?.parts[0] ?? urn;
}
