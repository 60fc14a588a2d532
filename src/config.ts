/**
 * Configuration from environment variables (a command-line flag may override each), validated once
 * at start with a message that says what is wrong.
 */
import { realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { DEFAULT_FEATURE_FLAGS, FEATURE_FLAGS, type FeatureFlags } from './featureFlags.js';

/**
 * Who may read GET /metrics: `loopback`, a caller on this host without credentials, or anyone whose
 * token holds MANAGE_SYSTEM_OPERATIONS; `authenticated`, only the latter; `public`, anyone.
 */
export const METRICS_ACCESS = ['loopback', 'authenticated', 'public'] as const;
export type MetricsAccess = (typeof METRICS_ACCESS)[number];

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** Connections a PostgreSQL store may hold open. */
  poolSize: number;
  authEnabled: boolean;
  adminToken?: string;
  /**
   * Where the first start writes the admin token it mints (mode 0600): a log is read by more people
   * than the service's user, so the token never goes to one.
   */
  adminTokenFile: string;
  /**
   * Key that signs access tokens (and keys the hashes that name them). When set it is the only key:
   * the one a catalog creates and keeps in its database when none is configured is then never
   * read. Changing it invalidates every token signed before; replicas must share it.
   */
  tokenSigningKey?: string;
  /** GMS's SECRET_SERVICE_ENCRYPTION_KEY: seals ingestion secrets; unset, a key is made and kept in the store. */
  secretEncryptionKey?: string;
  /** DataHub's system client, as GMS names it: DataHub's frontend server authenticates with `Basic <id>:<secret>`. */
  systemClientId: string;
  /** Without it, no request may authenticate as the system client. */
  systemClientSecret?: string;
  /** Lifetime of the session tokens minted for DataHub's frontend server. */
  sessionTokenDurationMs: number;
  /** Versions kept per aspect, the latest included (0: all). */
  maxAspectVersions: number;
  /** Timeseries points older than this many days are pruned (0: kept forever). */
  timeseriesRetentionDays: number;
  logLevel: string;
  /** A line per request at info. */
  accessLog: boolean;
  /** Requests slower than this many milliseconds are logged at warn. */
  slowRequestMs: number;
  /** The largest ingest batch a caller allowed to write may send, in bytes (api/bodyLimits.ts). */
  ingestBodyLimit: number;
  /** Bodies over the small limit read at once, over all callers. */
  largeBodiesInFlight: number;
  /** The memory the in-memory search index may take, as it counts it (SEARCH_INDEX_MAX_MB; V8's heap limit by default). */
  searchIndexMaxBytes: number;
  /** Where the search index is kept between starts (store/bitmap/indexSnapshot.ts); none when off. */
  searchIndexSnapshot?: string;
  /**
   * The folder (its real path) whose files the in-process `file` ingestion source may read; unset,
   * it reads none, since whoever manages ingestion names the path.
   */
  ingestionFileRoot?: string;
  /** Who may read GET /metrics. */
  metricsAccess: MetricsAccess;
  /** The web app's feature flags: DataHub's defaults, each set by DataHub's variable (featureFlags.ts). */
  featureFlags: FeatureFlags;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const DEFAULT_DATABASE_URL = 'sqlite:./data/catalog.db';

function parseBoolean(name: string, text: string): boolean {
  if (/^(true|1|yes)$/i.test(text)) return true;
  if (/^(false|0|no)$/i.test(text)) return false;
  throw new ConfigError(`${name} must be true or false, not '${text}'`);
}

/** Beside a SQLite database file; for PostgreSQL, in ./data, where a SQLite catalog would live. */
function defaultAdminTokenFile(databaseUrl: string): string {
  const file = /^sqlite:(.+)$/.exec(databaseUrl)?.[1];
  return join(file && file !== ':memory:' ? dirname(file) : './data', 'admin-token');
}

/** Beside a SQLite database file (none for one in memory); for PostgreSQL, in ./data: each replica keeps its own. */
export function defaultSearchIndexSnapshot(databaseUrl: string): string | undefined {
  const file = /^sqlite:(.+)$/.exec(databaseUrl)?.[1];
  if (file === ':memory:') return undefined;
  return file ? `${file}.search-index` : join('./data', 'search-index');
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<'PORT' | 'HOST' | 'DATABASE_URL' | 'LOG_LEVEL', string>> = {},
): Config {
  const get = (name: string): string | undefined => {
    const v = (overrides as Record<string, string | undefined>)[name] ?? env[name];
    return v === undefined || v === '' ? undefined : v;
  };
  const portText = get('PORT') ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new ConfigError(`PORT must be a port number (0-65535), not '${portText}'`);
  const databaseUrl = get('DATABASE_URL') ?? DEFAULT_DATABASE_URL;
  if (!/^sqlite:.+/.test(databaseUrl) && !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must be sqlite:<path> or postgres://user:pass@host:port/db, not '${databaseUrl}'`);
  }
  const poolText = get('DATABASE_POOL_SIZE') ?? '10';
  if (!/^\d+$/.test(poolText) || Number(poolText) < 1)
    throw new ConfigError(`DATABASE_POOL_SIZE must be a positive integer, not '${poolText}'`);
  const versionsText = get('MAX_ASPECT_VERSIONS') ?? '20';
  if (!/^\d+$/.test(versionsText))
    throw new ConfigError(`MAX_ASPECT_VERSIONS must be a whole number (0 keeps every version), not '${versionsText}'`);
  const daysText = get('TIMESERIES_RETENTION_DAYS') ?? '0';
  if (!/^\d+$/.test(daysText))
    throw new ConfigError(`TIMESERIES_RETENTION_DAYS must be a whole number of days (0 keeps every point), not '${daysText}'`);
  const logLevel = get('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not '${logLevel}'`);
  const slowText = get('SLOW_REQUEST_MS') ?? '1000';
  if (!/^\d+$/.test(slowText)) throw new ConfigError(`SLOW_REQUEST_MS must be a whole number of milliseconds, not '${slowText}'`);
  const ingestMbText = get('INGEST_BODY_LIMIT_MB') ?? '16';
  if (!/^\d+$/.test(ingestMbText) || Number(ingestMbText) < 1 || Number(ingestMbText) > 1024)
    throw new ConfigError(`INGEST_BODY_LIMIT_MB must be a whole number of mebibytes from 1 to 1024, not '${ingestMbText}'`);
  const inFlightText = get('LARGE_BODIES_IN_FLIGHT') ?? '4';
  if (!/^\d+$/.test(inFlightText) || Number(inFlightText) < 1)
    throw new ConfigError(`LARGE_BODIES_IN_FLIGHT must be a positive whole number, not '${inFlightText}'`);
  const indexMbText = get('SEARCH_INDEX_MAX_MB');
  if (indexMbText !== undefined && (!/^\d+$/.test(indexMbText) || Number(indexMbText) < 1))
    throw new ConfigError(`SEARCH_INDEX_MAX_MB must be a positive whole number of mebibytes, not '${indexMbText}'`);
  // By default the index may count as much as V8 allows the heap: about 60% of what it counts is heap,
  // the rest its bitmaps' native memory, so the heap keeps room for the service's own.
  const searchIndexMaxBytes = indexMbText !== undefined ? Number(indexMbText) * 1024 * 1024 : getHeapStatistics().heap_size_limit;
  const snapshotText = get('SEARCH_INDEX_SNAPSHOT');
  const searchIndexSnapshot = snapshotText === 'off' ? undefined : (snapshotText ?? defaultSearchIndexSnapshot(databaseUrl));
  const adminToken = get('ADMIN_TOKEN');
  const authEnabled = parseBoolean('AUTH_ENABLED', get('AUTH_ENABLED') ?? 'true');
  const tokenSigningKey = get('TOKEN_SIGNING_KEY');
  if (tokenSigningKey !== undefined && tokenSigningKey.length < 32)
    throw new ConfigError('TOKEN_SIGNING_KEY must be at least 32 characters long');
  const secretEncryptionKey = get('SECRET_SERVICE_ENCRYPTION_KEY');
  const systemClientId = get('DATAHUB_SYSTEM_CLIENT_ID') ?? '__datahub_system';
  // The frontend server sends `Basic <id>:<secret>` unencoded, split at the colon.
  if (systemClientId.includes(':')) throw new ConfigError('DATAHUB_SYSTEM_CLIENT_ID must not contain a colon');
  const systemClientSecret = get('DATAHUB_SYSTEM_CLIENT_SECRET');
  if (systemClientSecret?.includes(':')) throw new ConfigError('DATAHUB_SYSTEM_CLIENT_SECRET must not contain a colon');
  const ingestionFileRoot = fileRoot(get('INGESTION_FILE_ROOT'));
  const sessionText = get('SESSION_TOKEN_DURATION_MS') ?? '86400000';
  if (!/^\d+$/.test(sessionText) || Number(sessionText) < 1)
    throw new ConfigError(`SESSION_TOKEN_DURATION_MS must be a positive whole number of milliseconds, not '${sessionText}'`);
  const metricsAccess = get('METRICS_ACCESS') ?? 'loopback';
  if (!(METRICS_ACCESS as readonly string[]).includes(metricsAccess))
    throw new ConfigError(`METRICS_ACCESS must be one of ${METRICS_ACCESS.join(', ')}, not '${metricsAccess}'`);
  const featureFlags = { ...DEFAULT_FEATURE_FLAGS };
  for (const [name, { env }] of Object.entries(FEATURE_FLAGS) as Array<[keyof FeatureFlags, { env: string }]>) {
    const text = get(env);
    if (text !== undefined) featureFlags[name] = parseBoolean(env, text);
  }
  return {
    port,
    // Without authentication anyone who reaches the port acts as anyone: only this machine, unless asked.
    host: get('HOST') ?? (authEnabled ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl,
    poolSize: Number(poolText),
    authEnabled,
    ...(adminToken ? { adminToken } : {}),
    adminTokenFile: get('ADMIN_TOKEN_FILE') ?? defaultAdminTokenFile(databaseUrl),
    ...(tokenSigningKey ? { tokenSigningKey } : {}),
    ...(secretEncryptionKey ? { secretEncryptionKey } : {}),
    systemClientId,
    ...(systemClientSecret ? { systemClientSecret } : {}),
    sessionTokenDurationMs: Number(sessionText),
    maxAspectVersions: Number(versionsText),
    timeseriesRetentionDays: Number(daysText),
    logLevel,
    accessLog: parseBoolean('ACCESS_LOG', get('ACCESS_LOG') ?? 'true'),
    slowRequestMs: Number(slowText),
    ingestBodyLimit: Number(ingestMbText) * 1024 * 1024,
    largeBodiesInFlight: Number(inFlightText),
    searchIndexMaxBytes,
    ...(searchIndexSnapshot ? { searchIndexSnapshot } : {}),
    ...(ingestionFileRoot ? { ingestionFileRoot } : {}),
    metricsAccess: metricsAccess as MetricsAccess,
    featureFlags,
  };
}

/** INGESTION_FILE_ROOT as a real path, checked to be a folder; the filesystem's root would confine nothing. */
function fileRoot(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let real: string;
  try {
    real = realpathSync(resolve(text));
  } catch {
    throw new ConfigError(`INGESTION_FILE_ROOT must be an existing folder, not '${text}'`);
  }
  if (!statSync(real).isDirectory()) throw new ConfigError(`INGESTION_FILE_ROOT must be a folder, not the file '${text}'`);
  if (dirname(real) === real)
    throw new ConfigError(`INGESTION_FILE_ROOT must not be the filesystem's root '${text}': name the folder recipes may read`);
  return real;
}
