/**
 * Ingestion managed from the app, as DataHub's ingestion resolvers and executor do it: sources
 * (`dataHubIngestionSource`, their recipe as JSON text), requests to run one or to test a
 * connection (`dataHubExecutionRequest`), and their results. A recipe whose source is `file` runs
 * here, in the background, under the request's id as its run id, so `rollbackIngestion` undoes it;
 * any other source needs DataHub's ingestion CLI (`datahub ingest`), pointed at this service, and
 * its request ends FAILURE saying so. `${NAME}` in a recipe is replaced by the secret NAME when it
 * runs; the stored recipe keeps the reference. Everything needs MANAGE_INGESTION.
 */
import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR } from '../../actors.js';
import type { Authorizer, Grant } from '../../auth/authorizer.js';
import { MANAGE_INGESTION } from '../../auth/requirements.js';
import { isPlainObject, type JsonObject } from '../../json.js';
import { aspectValue, type AspectName, type AspectValue } from '../../registry/aspectValues.js';
import type { Registry } from '../../registry/registry.js';
import type { Store } from '../../store/types.js';
import { entityUrn, newEntityUrn, tryParseUrn } from '../../urn.js';
import { badRequest } from '../../errors.js';
import { type FileRoot, NO_ROOT_MESSAGE } from './fileRoot.js';
import { filePathOf, runFileSource, type FileRunReport } from './fileSource.js';
import { buildProposal, deleteEntityProposal, type Proposal } from '../../write/proposals.js';
import { executorReport, INTERRUPTED_MESSAGE, isAbandoned } from './runLiveness.js';
import type { ListRequest, SearchResult, SearchService } from '../search/search.js';
import { SecretMask } from './secretMask.js';
import type { RunService } from './runs.js';
import type { SecretService } from './secrets.js';
import type { WritePath } from '../../write/writePath.js';

type SourceInfo = AspectValue<'dataHubIngestionSourceInfo'>;
type RequestInput = AspectValue<'dataHubExecutionRequestInput'>;
type Result = AspectValue<'dataHubExecutionRequestResult'>;
/** A recipe: the JSON a source's `config.recipe` holds, not checked beyond being an object. */
type Recipe = JsonObject;

const SOURCE = 'dataHubIngestionSource';
const REQUEST = 'dataHubExecutionRequest';
const INFO = 'dataHubIngestionSourceInfo';
const INPUT = 'dataHubExecutionRequestInput';
const RESULT = 'dataHubExecutionRequestResult';
const SIGNAL = 'dataHubExecutionRequestSignal';
/** DataHub's task and source names, and its default executor. */
const RUN_INGEST = 'RUN_INGEST';
const TEST_CONNECTION = 'TEST_CONNECTION';
const DEFAULT_EXECUTOR = 'default';
/** DataHub's execution statuses. */
export const STATUS = {
  running: 'RUNNING',
  success: 'SUCCESS',
  failure: 'FAILURE',
  cancelled: 'CANCELLED',
  rolledBack: 'ROLLED_BACK',
} as const;
/** DataHub's text when listing sources is refused. */
const LIST_REFUSED = 'You are not authorized to list ingestion sources. Please contact your DataHub administrator.';
/** Runs read at once when looking for abandoned ones. */
const ABANDONED_PAGE = 1000;
const SECRET_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** A 5-part cron (or Spring's 6-part) of the characters cron allows. */
const CRON_PART = /^[0-9A-Za-z*?/,\-#LW]+$/;

export interface SourceInput {
  name: string;
  type: string;
  schedule?: { interval: string; timezone?: string | null | undefined } | null | undefined;
  config: {
    recipe: string;
    version?: string | null | undefined;
    executorId: string;
    debugMode?: boolean | null | undefined;
    extraArgs?: Array<{ key: string; value?: string | null | undefined }> | null | undefined;
  };
}

export class IngestionService {
  /** Runs under way in this process, so tests and shutdown can wait for them. */
  private readonly running = new Set<Promise<void>>();
  /** This process, as the RUNNING results of its runs name it (runLiveness.ts). */
  readonly instance = randomUUID();
  /**
   * The results of runs under way here, written one after another: a heartbeat queued before a
   * run's end is written before it, and none is queued after.
   */
  private readonly inProgress = new Map<string, { started: number; writes: Promise<unknown>; ended: boolean }>();

  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly writePath: WritePath,
    private readonly authorizer: Authorizer,
    private readonly secrets: SecretService,
    private readonly runs: RunService,
    private readonly search: SearchService,
    private readonly fileRoot: FileRoot,
    private readonly now: () => number,
  ) {}

  /** Sources matching a list query. */
  async listSources(actor: string, request: ListRequest): Promise<SearchResult> {
    await this.authorizer.require(actor, [MANAGE_INGESTION], () => LIST_REFUSED);
    return this.search.search({ entities: [SOURCE], ...request }, actor);
  }

  /** Execution requests matching a list query. */
  async listRequests(actor: string, request: ListRequest): Promise<SearchResult> {
    await this.require(actor);
    return this.search.search({ entities: [REQUEST], ...request }, actor);
  }

  /** Whether `urn` is a stored source or execution request; the actor's right to see either is checked first. */
  async isStored(actor: string, urn: string, kind: 'source' | 'request'): Promise<boolean> {
    await this.require(actor);
    const stored =
      kind === 'source'
        ? this.registry.isUrnOf(urn, SOURCE) && (await this.latest(urn, INFO))
        : this.registry.isUrnOf(urn, REQUEST) && (await this.latest(urn, INPUT));
    return stored !== undefined && stored !== false;
  }

  /** Creates a source (`urn` absent) or replaces one's info; the creator owns what they create. */
  async upsertSource(actor: string, urn: string | undefined, input: SourceInput): Promise<string> {
    const grant = await this.require(actor);
    const info = sourceInfo(input);
    if (urn !== undefined && !(await this.source(urn))) throw badRequest(`Failed to find ingestion source with urn ${urn}`);
    const target = urn ?? newEntityUrn(SOURCE);
    const proposals = [buildProposal(this.registry, target, INFO, 'UPSERT', info)];
    if (urn === undefined) {
      proposals.push(
        buildProposal(this.registry, target, 'ownership', 'UPSERT', {
          owners: [
            {
              owner: actor,
              type: 'TECHNICAL_OWNER',
              typeUrn: 'urn:li:ownershipType:__system__technical_owner',
              source: { type: 'MANUAL' },
            },
          ],
          lastModified: { time: this.now(), actor },
        }),
      );
    }
    await this.writePath.apply(proposals, { actor, grant });
    return target;
  }

  async deleteSource(actor: string, urn: string): Promise<string> {
    const grant = await this.require(actor);
    if (tryParseUrn(urn)?.entityType !== SOURCE) throw badRequest(`${urn} is not an ingestion source urn`);
    await this.writePath.apply([deleteEntityProposal(this.registry, urn)], { actor, grant });
    return urn;
  }

  /** A request to run a source's recipe now; it runs in the background. */
  async execute(actor: string, sourceUrn: string): Promise<string> {
    const grant = await this.require(actor);
    const info = await this.source(sourceUrn);
    if (!info) throw badRequest(`Failed to find ingestion source with urn ${sourceUrn}`);
    if (!info.config?.recipe) throw badRequest(`Failed to find valid ingestion source with urn ${sourceUrn}. Missing recipe`);
    this.checkRunnable(parseRecipe(info.config.recipe));
    const id = randomUUID();
    const args = {
      recipe: withRunId(info.config.recipe, id),
      // DataHub falls back to its configured CLI version; no CLI runs here, so none is named.
      ...(info.config.version ? { version: info.config.version } : {}),
      debug_mode: info.config.debugMode ? 'true' : 'false',
      ...(info.config.extraArgs ?? {}),
    };
    const source = { type: 'MANUAL_INGESTION_SOURCE', ingestionSource: sourceUrn };
    return this.request(actor, grant, id, RUN_INGEST, source, args, info.config.executorId ?? DEFAULT_EXECUTOR);
  }

  /** A request to check that a recipe's source can be reached; it runs in the background. */
  async testConnection(actor: string, recipe: string, version: string | null | undefined): Promise<string> {
    const grant = await this.require(actor);
    this.checkRunnable(parseRecipe(recipe));
    const args = { recipe, ...(version ? { version } : {}) };
    return this.request(actor, grant, randomUUID(), TEST_CONNECTION, { type: 'MANUAL_TEST_CONNECTION' }, args, DEFAULT_EXECUTOR);
  }

  /** Asks a run to stop (DataHub's KILL signal); a run here stops before its next batch. */
  async cancel(actor: string, sourceUrn: string, requestUrn: string): Promise<string> {
    const grant = await this.require(actor);
    const info = await this.source(sourceUrn);
    if (!info) throw badRequest(`Failed to find ingestion source with urn ${sourceUrn}`);
    if (tryParseUrn(requestUrn)?.entityType !== REQUEST || !(await this.latest(requestUrn, INPUT)))
      throw badRequest(`Failed to find execution request with urn ${requestUrn}`);
    const signal = { signal: 'KILL', executorId: info.config?.executorId ?? DEFAULT_EXECUTOR, createdAt: { time: this.now(), actor } };
    await this.writePath.apply([buildProposal(this.registry, requestUrn, SIGNAL, 'UPSERT', signal)], { actor, grant });
    return requestUrn;
  }

  /** Undoes what a run wrote; a request's run is then ROLLED_BACK. */
  async rollback(actor: string, runId: string): Promise<void> {
    await this.require(actor);
    await this.runs.rollback(runId, { dryRun: false, safe: false }, actor);
    const urn = entityUrn(REQUEST, runId);
    const result = tryParseUrn(urn) ? await this.latest(urn, RESULT) : undefined;
    if (result) await this.setResult(urn, { ...result, status: STATUS.rolledBack });
  }

  /** Renews the heartbeat of every run under way in this process, so other replicas do not take it for abandoned. */
  async heartbeat(): Promise<void> {
    const beats = [...this.inProgress].map(async ([urn, run]) => {
      // Another replica may have failed it meanwhile (this process stalled past STALE_MS): left so.
      if ((await this.latest(urn, RESULT))?.status !== STATUS.running) return;
      await this.runResult(urn, this.runningResult(run.started), false);
    });
    await Promise.all(beats);
  }

  /**
   * Marks FAILURE the runs left RUNNING by a process that is gone (runLiveness.ts), through the
   * write path; answers how many. Run at start and every heartbeat; `alone` when this process is
   * the only one serving the database, so every run not its own is abandoned.
   */
  async failAbandoned(alone = false): Promise<number> {
    const urns: string[] = [];
    const filter = { or: [{ and: [{ field: 'executionResultStatus', values: [STATUS.running], condition: 'EQUAL' }] }] };
    // Every page first: failing runs while paging would move the pages.
    for (let start = 0; ; start += ABANDONED_PAGE) {
      const page = await this.search.search({ entities: [REQUEST], input: '*', filter, start, count: ABANDONED_PAGE }, SYSTEM_ACTOR);
      urns.push(...page.urns);
      if (page.urns.length < ABANDONED_PAGE) break;
    }
    let failed = 0;
    for (const urn of urns) {
      const result = await this.latest(urn, RESULT);
      const now = this.now();
      if (!result || !isAbandoned(result, this.instance, now, alone)) continue;
      const { structuredReport: _executor, ...rest } = result;
      const started = typeof result.startTimeMs === 'number' ? result.startTimeMs : undefined;
      await this.setResult(urn, {
        ...rest,
        status: STATUS.failure,
        report: result.report ? `${result.report}\n${INTERRUPTED_MESSAGE}` : INTERRUPTED_MESSAGE,
        ...(started !== undefined ? { durationMs: Math.max(0, now - started) } : {}),
      });
      failed++;
    }
    return failed;
  }

  /** Resolves once every run this process started has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** A `file` recipe is refused up front while no ingestion root is set, rather than left to fail as it runs. */
  private checkRunnable(recipe: Recipe): void {
    if (sourceOf(recipe)?.type === 'file' && !this.fileRoot.configured) throw badRequest(NO_ROOT_MESSAGE);
  }

  private require(actor: string): Promise<Grant> {
    return this.authorizer.require(actor, [MANAGE_INGESTION]);
  }

  private async source(urn: string): Promise<SourceInfo | undefined> {
    return tryParseUrn(urn)?.entityType === SOURCE ? this.latest(urn, INFO) : undefined;
  }

  private async latest<N extends AspectName>(urn: string, aspect: N): Promise<AspectValue<N> | undefined> {
    return aspectValue(aspect, (await this.store.getLatestAspects([urn], [aspect])).get(urn)?.[0]?.value);
  }

  private async request(
    actor: string,
    grant: Grant,
    id: string,
    task: string,
    source: RequestInput['source'],
    args: RequestInput['args'] & { recipe: string },
    executorId: string,
  ): Promise<string> {
    const urn = entityUrn(REQUEST, id);
    const input: RequestInput = { task, args, executorId, source, requestedAt: this.now(), actorUrn: actor };
    await this.writePath.apply([buildProposal(this.registry, urn, INPUT, 'UPSERT', input)], { actor, grant });
    const run = this.run(urn, id, task, args.recipe, actor).finally(() => this.running.delete(run));
    this.running.add(run);
    return urn;
  }

  /**
   * Runs a request to its end, keeping its result current: RUNNING, then how it ended. Secret values
   * the recipe used are masked in everything the result says.
   */
  private async run(urn: string, id: string, task: string, recipeText: string, actor: string): Promise<void> {
    const started = this.now();
    this.inProgress.set(urn, { started, writes: Promise.resolve(), ended: false });
    let mask = new SecretMask([]);
    const end = (status: string, text: string, structured?: { type: string; serializedValue: unknown; contentType: string }) => {
      // Masked while still structured: serialized first, a value holding `"` or `\` would be escaped past the mask.
      const safe = mask.value({ report: text, structured });
      return this.runResult(
        urn,
        {
          status,
          report: safe.report,
          startTimeMs: started,
          durationMs: this.now() - started,
          ...(safe.structured
            ? { structuredReport: { ...safe.structured, serializedValue: JSON.stringify(safe.structured.serializedValue) } }
            : {}),
        },
        true,
      );
    };
    try {
      await this.runResult(urn, this.runningResult(started), false);
      const resolved = await this.resolveSecrets(parseRecipe(recipeText));
      mask = new SecretMask(resolved.values);
      const recipe = resolved.recipe;
      const source = sourceOf(recipe);
      const type = source?.type;
      if (type !== 'file') {
        await end(
          STATUS.failure,
          `Source type '${String(type)}' cannot run inside this service: only 'file' sources do. Run this recipe with DataHub's ingestion CLI (\`datahub ingest -c recipe.yml\`), with a datahub-rest sink whose server is this service.`,
        );
        return;
      }
      const path = filePathOf(isPlainObject(source?.config) ? source.config : undefined);
      if (!path) throw new Error("The file source needs 'path' in its config: the file or folder of metadata to read");
      if (task === TEST_CONNECTION) {
        await this.fileRoot.locate(path);
        await end(STATUS.success, `The file source can read ${path}`, {
          type: 'TEST_CONNECTION',
          serializedValue: { basic_connectivity: { capable: true } },
          contentType: 'application/json',
        });
        return;
      }
      const report = await runFileSource(this.registry, this.writePath, this.fileRoot, path, {
        runId: id,
        actor,
        now: this.now,
        cancelled: async () => (await this.latest(urn, SIGNAL))?.signal === 'KILL',
      });
      const status = report.cancelled ? STATUS.cancelled : report.failures.length > 0 ? STATUS.failure : STATUS.success;
      await end(status, reportText(report, path), {
        type: 'CLI_INGEST',
        serializedValue: structuredReport(report),
        contentType: 'application/json',
      });
    } catch (err) {
      const message = (err as Error).message;
      if (task === TEST_CONNECTION) {
        await end(STATUS.failure, message, {
          type: 'TEST_CONNECTION',
          serializedValue: { basic_connectivity: { capable: false, failure_reason: message } },
          contentType: 'application/json',
        }).catch(() => undefined);
      } else {
        await end(STATUS.failure, `Ingestion failed: ${message}`).catch(() => undefined);
      }
    } finally {
      this.inProgress.delete(urn);
    }
  }

  /** A RUNNING result naming this process, with a heartbeat of now. */
  private runningResult(started: number): Result {
    return { status: STATUS.running, startTimeMs: started, structuredReport: executorReport(this.instance, this.now()) };
  }

  /** Writes a result of a run under way here after those queued before it; nothing after its final one. */
  private runResult(urn: string, result: Result, final: boolean): Promise<void> {
    const run = this.inProgress.get(urn);
    if (!run) return this.setResult(urn, result);
    if (run.ended) return Promise.resolve();
    run.ended = final;
    const write = run.writes.then(() => this.setResult(urn, result));
    run.writes = write.catch(() => undefined);
    return write;
  }

  private async setResult(urn: string, result: Result): Promise<void> {
    const proposal: Proposal = buildProposal(this.registry, urn, RESULT, 'UPSERT', result);
    await this.writePath.apply([proposal], { actor: SYSTEM_ACTOR });
  }

  /** The recipe with every `${NAME}` replaced by the secret NAME, and the values used; a reference to no secret fails the run. */
  private async resolveSecrets(recipe: Recipe): Promise<{ recipe: Recipe; values: string[] }> {
    const names = new Set<string>();
    walkStrings(recipe, (s) => {
      // The name group takes part in every match.
      for (const m of s.matchAll(SECRET_REFERENCE)) names.add(m[1]!);
      return s;
    });
    if (names.size === 0) return { recipe, values: [] };
    const values = await this.secrets.resolve([...names]);
    const missing = [...names].filter((n) => !values.has(n));
    if (missing.length > 0) throw new Error(`The recipe refers to secrets that do not exist: ${missing.join(', ')}`);
    return {
      recipe: walkStrings(recipe, (s) => s.replace(SECRET_REFERENCE, (_m, name: string) => values.get(name)!)) as Recipe,
      values: [...values.values()].filter((v) => v.length > 0),
    };
  }
}

function parseRecipe(text: string): Recipe {
  let recipe: unknown;
  try {
    recipe = JSON.parse(text);
  } catch {
    throw badRequest('Failed to create execution request: Invalid recipe json provided.');
  }
  if (typeof recipe !== 'object' || recipe === null || Array.isArray(recipe))
    throw badRequest('Failed to create execution request: Invalid recipe json provided.');
  return recipe as Recipe;
}

/** A recipe's `source` section, when it is an object. */
const sourceOf = (recipe: Recipe): JsonObject | undefined => (isPlainObject(recipe.source) ? recipe.source : undefined);

/** DataHub's executor names the pipeline run after the request, so the run can be found and rolled back. */
function withRunId(recipeText: string, id: string): string {
  return JSON.stringify({ ...parseRecipe(recipeText), run_id: id });
}

function walkStrings(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => walkStrings(v, fn));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walkStrings(v, fn)]));
  return value;
}

function sourceInfo(input: SourceInput): SourceInfo {
  if (!input.name.trim()) throw badRequest('An ingestion source needs a name');
  if (!input.type.trim()) throw badRequest('An ingestion source needs a type');
  parseRecipe(input.config.recipe);
  const c = input.config;
  const config = {
    recipe: c.recipe,
    executorId: c.executorId,
    ...(c.version != null ? { version: c.version } : {}),
    ...(c.debugMode != null ? { debugMode: c.debugMode } : {}),
    ...(c.extraArgs ? { extraArgs: Object.fromEntries(c.extraArgs.flatMap((e) => (e.value != null ? [[e.key, e.value]] : []))) } : {}),
  };
  return { name: input.name, type: input.type, config, ...(input.schedule ? { schedule: schedule(input.schedule) } : {}) };
}

function schedule(s: { interval: string; timezone?: string | null | undefined }): NonNullable<SourceInfo['schedule']> {
  const parts = s.interval.trim().split(/\s+/);
  if ((parts.length !== 5 && parts.length !== 6) || !parts.every((p) => CRON_PART.test(p))) {
    throw badRequest(`Invalid cron schedule \`${s.interval}\`: a cron expression has 5 (or 6) fields`);
  }
  const timezone = s.timezone ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
  } catch {
    throw badRequest(`Invalid timezone \`${timezone}\`: Unknown time-zone ID: ${timezone}`);
  }
  return { interval: s.interval, timezone };
}

function reportText(r: FileRunReport, path: string): string {
  const lines = [
    `Source (file): read ${r.files} file(s) from ${path}`,
    `events produced: ${r.eventsProduced}`,
    `records written: ${r.recordsWritten}`,
    `failures: ${r.failures.length}`,
    ...r.failures.slice(0, 20).map((f) => `  ${f.source}: ${f.reason}`),
    r.cancelled ? 'Pipeline cancelled' : r.failures.length > 0 ? 'Pipeline finished with failures' : 'Pipeline finished successfully',
  ];
  return lines.join('\n');
}

/** The shape of the report DataHub's CLI sends back (type CLI_INGEST), with the counts the app shows. */
function structuredReport(r: FileRunReport): JsonObject {
  return {
    source: { type: 'file', report: { events_produced: r.eventsProduced, aspects: r.aspects, failures: r.failures.slice(0, 20) } },
    sink: { type: 'datahub-rest', report: { total_records_written: r.recordsWritten, failures: [] } },
  };
}
