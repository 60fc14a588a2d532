import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('bounds version history at 20 and keeps timeseries points by default', () => {
    const c = loadConfig({});
    expect(c.maxAspectVersions).toBe(20);
    expect(c.timeseriesRetentionDays).toBe(0);
    expect(c.authEnabled).toBe(true);
  });

  it("holds the search index to SEARCH_INDEX_MAX_MB, by default V8's heap limit", () => {
    expect(loadConfig({ SEARCH_INDEX_MAX_MB: '512' }).searchIndexMaxBytes).toBe(512 * 2 ** 20);
    expect(loadConfig({}).searchIndexMaxBytes).toBe(getHeapStatistics().heap_size_limit);
    for (const bad of ['0', '-5', '1.5', 'lots'])
      expect(() => loadConfig({ SEARCH_INDEX_MAX_MB: bad })).toThrow(
        new ConfigError(`SEARCH_INDEX_MAX_MB must be a positive whole number of mebibytes, not '${bad}'`),
      );
  });

  it('keeps the search index snapshot beside a SQLite database, else under ./data, unless told where or off', () => {
    const at = (env: Record<string, string>) => loadConfig(env).searchIndexSnapshot;
    expect(at({ DATABASE_URL: 'sqlite:/var/lib/catalog/catalog.db' })).toBe('/var/lib/catalog/catalog.db.search-index');
    expect(at({ DATABASE_URL: 'postgres://u:p@db:5432/c' })).toBe('data/search-index');
    expect(at({ DATABASE_URL: 'sqlite::memory:' })).toBeUndefined();
    expect(at({ SEARCH_INDEX_SNAPSHOT: '/fast/disk/index' })).toBe('/fast/disk/index');
    expect(at({ SEARCH_INDEX_SNAPSHOT: 'off' })).toBeUndefined();
  });

  it('binds every address with authentication on, and only this machine with it off unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('0.0.0.0');
    expect(loadConfig({ AUTH_ENABLED: 'false' }).host).toBe('127.0.0.1');
    expect(loadConfig({ AUTH_ENABLED: 'false', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('writes the first admin token beside a SQLite database, else under ./data, unless told where', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/catalog/catalog.db' }).adminTokenFile).toBe('/var/lib/catalog/admin-token');
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/c' }).adminTokenFile).toBe('data/admin-token');
    expect(loadConfig({ ADMIN_TOKEN_FILE: '/run/secrets/catalog-admin' }).adminTokenFile).toBe('/run/secrets/catalog-admin');
  });

  it("takes the web app's feature flags at DataHub's defaults, each set by DataHub's variable", () => {
    expect(loadConfig({}).featureFlags).toMatchObject({
      showHomePageRedesign: false,
      showIntroducePage: true,
      entityVersioningEnabled: false,
    });
    const set = loadConfig({
      SHOW_HOME_PAGE_REDESIGN: 'true',
      ENTITY_VERSIONING_ENABLED: 'true',
      SHOW_PRODUCT_UPDATES: 'false',
    }).featureFlags;
    expect(set).toMatchObject({
      showHomePageRedesign: true,
      entityVersioningEnabled: true,
      showProductUpdates: false,
      showIntroducePage: true,
    });
    expect(() => loadConfig({ SHOW_HOME_PAGE_REDESIGN: 'sometimes' })).toThrow(
      new ConfigError("SHOW_HOME_PAGE_REDESIGN must be true or false, not 'sometimes'"),
    );
  });

  it('reads the ingest body limit and the large bodies read at once', () => {
    expect(loadConfig({})).toMatchObject({ ingestBodyLimit: 16 * 1024 * 1024, largeBodiesInFlight: 4 });
    expect(loadConfig({ INGEST_BODY_LIMIT_MB: '64', LARGE_BODIES_IN_FLIGHT: '2' })).toMatchObject({
      ingestBodyLimit: 64 * 1024 * 1024,
      largeBodiesInFlight: 2,
    });
    expect(() => loadConfig({ INGEST_BODY_LIMIT_MB: '16MB' })).toThrow(/INGEST_BODY_LIMIT_MB/);
    expect(() => loadConfig({ LARGE_BODIES_IN_FLIGHT: '0' })).toThrow(/LARGE_BODIES_IN_FLIGHT/);
  });

  it('reads retention and the token signing key, and names what is wrong', () => {
    const c = loadConfig({ MAX_ASPECT_VERSIONS: '0', TIMESERIES_RETENTION_DAYS: '90', TOKEN_SIGNING_KEY: 'k'.repeat(32) });
    expect([c.maxAspectVersions, c.timeseriesRetentionDays, c.tokenSigningKey]).toEqual([0, 90, 'k'.repeat(32)]);
    expect(() => loadConfig({ MAX_ASPECT_VERSIONS: '-1' })).toThrow(/MAX_ASPECT_VERSIONS/);
    expect(() => loadConfig({ TIMESERIES_RETENTION_DAYS: 'a week' })).toThrow(/TIMESERIES_RETENTION_DAYS/);
    expect(() => loadConfig({ TOKEN_SIGNING_KEY: 'short' })).toThrow(ConfigError);
  });

  it("reads the key ingestion secrets are sealed with under GMS's name", () => {
    expect(loadConfig({ SECRET_SERVICE_ENCRYPTION_KEY: 'a key of ours' }).secretEncryptionKey).toBe('a key of ours');
    expect(loadConfig({}).secretEncryptionKey).toBeUndefined();
  });

  it('reads the access log switch and the slow-request threshold', () => {
    expect(loadConfig({})).toMatchObject({ accessLog: true, slowRequestMs: 1000 });
    expect(loadConfig({ ACCESS_LOG: 'false', SLOW_REQUEST_MS: '250' })).toMatchObject({ accessLog: false, slowRequestMs: 250 });
    expect(() => loadConfig({ ACCESS_LOG: 'sometimes' })).toThrow(/ACCESS_LOG must be true or false/);
    expect(() => loadConfig({ SLOW_REQUEST_MS: '1s' })).toThrow(/SLOW_REQUEST_MS/);
  });

  it('reads who may read the metrics: loopback unless told', () => {
    expect(loadConfig({}).metricsAccess).toBe('loopback');
    for (const access of ['loopback', 'authenticated', 'public']) expect(loadConfig({ METRICS_ACCESS: access }).metricsAccess).toBe(access);
    expect(() => loadConfig({ METRICS_ACCESS: 'everyone' })).toThrow(/METRICS_ACCESS must be one of loopback, authenticated, public/);
  });

  it("reads DataHub's system client under GMS's names: no secret, no system client", () => {
    expect(loadConfig({})).toMatchObject({ systemClientId: '__datahub_system', sessionTokenDurationMs: 86_400_000 });
    expect(loadConfig({}).systemClientSecret).toBeUndefined();
    const c = loadConfig({
      DATAHUB_SYSTEM_CLIENT_ID: 'frontend',
      DATAHUB_SYSTEM_CLIENT_SECRET: 's3cret',
      SESSION_TOKEN_DURATION_MS: '3600000',
    });
    expect([c.systemClientId, c.systemClientSecret, c.sessionTokenDurationMs]).toEqual(['frontend', 's3cret', 3_600_000]);
    expect(() => loadConfig({ DATAHUB_SYSTEM_CLIENT_SECRET: 'a:b' })).toThrow(/must not contain a colon/);
    expect(() => loadConfig({ SESSION_TOKEN_DURATION_MS: '1 day' })).toThrow(/SESSION_TOKEN_DURATION_MS/);
  });

  it('reads the folder the file source may read as its real path, and refuses one that is missing, a file or /', () => {
    expect(loadConfig({}).ingestionFileRoot).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'config-root-'));
    try {
      expect(loadConfig({ INGESTION_FILE_ROOT: dir }).ingestionFileRoot).toBe(realpathSync(dir));
      writeFileSync(join(dir, 'f.json'), '[]');
      expect(() => loadConfig({ INGESTION_FILE_ROOT: join(dir, 'f.json') })).toThrow(/INGESTION_FILE_ROOT must be a folder/);
      expect(() => loadConfig({ INGESTION_FILE_ROOT: join(dir, 'missing') })).toThrow(/INGESTION_FILE_ROOT must be an existing folder/);
      expect(() => loadConfig({ INGESTION_FILE_ROOT: '/' })).toThrow(/must not be the filesystem's root/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
