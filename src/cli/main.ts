/** The `catalog` program. */
import type { RestoreOptions } from './restoreIndices.js';
import { Command, InvalidArgumentError, Option } from 'commander';
import { loadConfig } from '../config.js';
import type { CatalogClient } from './client.js';

// Each command loads only the modules it runs: `serve` starts without the HTTP client, the file
// tools and the operator commands (start-up time is one of the service's measured figures).
const clientOf = async (server: string, token?: string): Promise<CatalogClient> =>
  new (await import('./client.js')).CatalogClient(server, token);

const DEFAULT_SERVER = process.env.CATALOG_SERVER || 'http://localhost:8080';
/** DataHub's CLI reads its token from DATAHUB_GMS_TOKEN; ours from CATALOG_TOKEN first. */
const TOKEN_VARIABLE = ['CATALOG_TOKEN', 'DATAHUB_GMS_TOKEN'].find((name) => process.env[name]);

/** The token's default is named by where it comes from: help and usage errors must never print the token. */
const tokenOption = () =>
  new Option('--token <token>', 'access token (env CATALOG_TOKEN or DATAHUB_GMS_TOKEN)').default(
    TOKEN_VARIABLE ? process.env[TOKEN_VARIABLE] : undefined,
    TOKEN_VARIABLE ? `from ${TOKEN_VARIABLE}` : undefined,
  );

function positiveInt(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive integer');
  return n;
}

export function program(): Command {
  const cmd = new Command('catalog')
    .description('metadata-catalog: a metadata catalog service, wire-compatible with DataHub')
    .showHelpAfterError();

  cmd
    .command('serve')
    .description(
      "run the metadata service on one port: DataHub's REST (Rest.li) and GraphQL APIs, the GraphQL explorer and the change feed",
    )
    .option('--port <port>', 'HTTP port (env PORT, default 8080)')
    .option('--host <host>', 'address to bind (env HOST; default 0.0.0.0, or 127.0.0.1 with AUTH_ENABLED=false)')
    .option('--database-url <url>', 'sqlite:<path> or postgres://… (env DATABASE_URL, default sqlite:./data/catalog.db)')
    .option('--log-level <level>', 'pino log level (env LOG_LEVEL, default info)')
    .action(async (opts: { port?: string; host?: string; databaseUrl?: string; logLevel?: string }) => {
      const config = loadConfig(process.env, {
        ...(opts.port ? { PORT: opts.port } : {}),
        ...(opts.host ? { HOST: opts.host } : {}),
        ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
        ...(opts.logLevel ? { LOG_LEVEL: opts.logLevel } : {}),
      });
      await (await import('./serve.js')).serveForever(config);
    });

  cmd
    .command('ingest')
    .description('send MCE/MCP JSON files (or folders of them) to a running catalog')
    .argument('<paths...>', 'files or folders')
    .option('--server <url>', 'catalog address (env CATALOG_SERVER)', DEFAULT_SERVER)
    .addOption(tokenOption())
    .option('--batch-size <n>', 'items per request', positiveInt, 100)
    .action(async (paths: string[], opts: { server: string; token?: string; batchSize: number }) => {
      const { formatSummary, ingestFiles } = await import('./ingest.js');
      const summary = await ingestFiles(paths, {
        server: opts.server,
        batchSize: opts.batchSize,
        ...(opts.token ? { token: opts.token } : {}),
      });
      console.log(formatSummary(summary));
      if (summary.rejected.length > 0) process.exitCode = 2;
    });

  cmd
    .command('get')
    .description('print the latest aspects of an entity')
    .requiredOption('--urn <urn>', 'the entity')
    .option('--aspect <name...>', 'only these aspects')
    .option('--server <url>', 'catalog address (env CATALOG_SERVER)', DEFAULT_SERVER)
    .addOption(tokenOption())
    .action(async (opts: { urn: string; aspect?: string[]; server: string; token?: string }) => {
      const client = await clientOf(opts.server, opts.token);
      // The server answers an urn never written with its key aspect, as DataHub's does.
      if (!(await client.exists(opts.urn))) throw new Error(`no entity ${opts.urn} is stored`);
      const query = opts.aspect ? `?aspects=List(${opts.aspect.map(encodeURIComponent).join(',')})` : '';
      const entity = (await client.get(`/entitiesV2/${encodeURIComponent(opts.urn)}${query}`)) as {
        aspects: Record<string, { value: unknown }>;
      };
      const values = Object.fromEntries(Object.entries(entity.aspects).map(([name, a]) => [name, a.value]));
      console.log(JSON.stringify(values, null, 2));
    });

  const databaseOption = '--database-url <url>';
  const databaseHelp = 'the database to use directly (env DATABASE_URL, default sqlite:./data/catalog.db)';

  cmd
    .command('export')
    .description('write the whole catalog (every aspect version, timeseries points) as NDJSON, straight from the database')
    .option(databaseOption, databaseHelp)
    .option('--out <file>', 'write to this file instead of standard output')
    .action(async (opts: { databaseUrl?: string; out?: string }) => {
      const config = loadConfig(process.env, opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {});
      const { exportToFile } = await import('./transfer.js');
      const counts = await exportToFile(config, opts.out);
      console.error(`exported ${counts.aspects} aspect rows and ${counts.timeseries} timeseries points`);
    });

  cmd
    .command('import')
    .description('load an NDJSON export into a database (any backend), then rebuild its search rows and edges')
    .argument('<file>', 'an export written by catalog export')
    .option(databaseOption, databaseHelp)
    .action(async (file: string, opts: { databaseUrl?: string }) => {
      const config = loadConfig(process.env, opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {});
      const { importFromFile } = await import('./transfer.js');
      const counts = await importFromFile(config, file);
      console.error(`imported ${counts.aspects} aspect rows and ${counts.timeseries} timeseries points`);
    });

  const serverOption = ['--server <url>', 'catalog address (env CATALOG_SERVER)', DEFAULT_SERVER] as const;
  const millis = (text: string) => {
    if (!/^\d+$/.test(text)) throw new InvalidArgumentError('must be a time in milliseconds since 1970');
    return Number(text);
  };

  cmd
    .command('delete')
    .description('soft-delete (status removed) or hard-delete one entity (--urn), or every entity on a platform (--platform)')
    .option('--urn <urn>', 'the entity')
    .option('--platform <name>', "every entity on this platform ('hive' or its urn)")
    .option('--entity-type <type>', 'with --platform: only this entity type')
    .option('--hard', 'remove every version of every aspect, timeseries points, search row and edges (cannot be undone)')
    .option('--aspect <name>', 'with --urn --hard: only this aspect')
    .option('--start <millis>', 'with --aspect of a timeseries aspect: from this time', millis)
    .option('--end <millis>', 'with --aspect of a timeseries aspect: up to this time', millis)
    .option('--dry-run', 'with --platform: list what would be deleted, delete nothing')
    .option('--force', 'with --platform: do not ask for confirmation')
    .option(...serverOption)
    .addOption(tokenOption())
    .action(
      async (o: {
        urn?: string;
        platform?: string;
        entityType?: string;
        hard?: boolean;
        aspect?: string;
        start?: number;
        end?: number;
        dryRun?: boolean;
        force?: boolean;
        server: string;
        token?: string;
      }) => {
        if (Boolean(o.urn) === Boolean(o.platform)) throw new Error('give either --urn or --platform');
        const client = await clientOf(o.server, o.token);
        if (o.urn) {
          const { deleteOne } = await import('./delete.js');
          console.log(
            await deleteOne(client, {
              urn: o.urn,
              hard: o.hard === true,
              ...(o.aspect ? { aspect: o.aspect } : {}),
              ...(o.start !== undefined ? { start: o.start } : {}),
              ...(o.end !== undefined ? { end: o.end } : {}),
            }),
          );
          return;
        }
        const { deleteMany } = await import('./delete.js');
        const r = await deleteMany(client, {
          platform: o.platform!,
          ...(o.entityType ? { entityType: o.entityType } : {}),
          hard: o.hard === true,
          dryRun: o.dryRun === true,
          force: o.force === true,
          out: process.stdout,
        });
        console.error(
          o.dryRun ? `${r.matched} entities would be deleted` : `${o.hard ? 'hard' : 'soft'}-deleted ${r.deleted} of ${r.matched} entities`,
        );
      },
    );

  cmd
    .command('rollback')
    .description('undo what an ingestion run wrote: its versions removed, previous ones restored, entities it created deleted')
    .requiredOption('--run-id <id>', 'the run (systemMetadata.runId)')
    .option('--dry-run', 'say what would change, change nothing')
    .option('--safe', 'soft-delete the entities the run created instead of hard-deleting them')
    .option(...serverOption)
    .addOption(tokenOption())
    .action(async (o: { runId: string; dryRun?: boolean; safe?: boolean; server: string; token?: string }) => {
      console.log(
        await (await import('./delete.js')).rollback(await clientOf(o.server, o.token), o.runId, o.dryRun === true, o.safe === true),
      );
    });

  const runs = cmd.command('runs').description('ingestion runs');
  runs
    .command('list')
    .description('runs, newest first')
    .option('--page-size <n>', 'how many', positiveInt, 100)
    .option(...serverOption)
    .addOption(tokenOption())
    .action(async (o: { pageSize: number; server: string; token?: string }) =>
      console.log(await (await import('./delete.js')).listRuns(await clientOf(o.server, o.token), o.pageSize)),
    );
  runs
    .command('show')
    .description('the aspect rows a run wrote')
    .argument('<run-id>', 'the run')
    .option('--count <n>', 'how many rows', positiveInt, 100)
    .option(...serverOption)
    .addOption(tokenOption())
    .action(async (runId: string, o: { count: number; server: string; token?: string }) =>
      console.log(await (await import('./delete.js')).showRun(await clientOf(o.server, o.token), runId, o.count)),
    );

  const nonNegative = (text: string) => {
    if (!/^\d+$/.test(text)) throw new InvalidArgumentError('must be a whole number, 0 or more');
    return Number(text);
  };
  cmd
    .command('restore-indices')
    .description(
      "rebuild the search rows, edges and browse paths from the stored aspects (all entities, or those chosen), through a running catalog's restoreIndices",
    )
    .option('--urn <urn>', 'only this entity')
    .option('--urn-like <pattern>', "only urns matching this SQL LIKE pattern ('%' any text), e.g. 'urn:li:dataset:%'")
    .option('--aspect <name>', 'only entities having this aspect')
    .option('--start <n>', 'skip this many entities (in urn order) first', nonNegative, 0)
    .option('--limit <n>', 'at most this many entities', positiveInt)
    .option('--batch-size <n>', 'entities per transaction on the server (default 10)', positiveInt)
    .option('--request-size <n>', 'entities per request', positiveInt, 10_000)
    .option(...serverOption)
    .addOption(tokenOption())
    .action(async (o: RestoreOptions & { server: string; token?: string }) => {
      if (o.urn !== undefined && (o.urnLike !== undefined || o.limit !== undefined || o.start !== 0))
        throw new Error('--urn restores one entity: give no --urn-like, --start or --limit with it');
      const { restoreIndices } = await import('./restoreIndices.js');
      const tty = process.stderr.isTTY === true;
      const totals = await restoreIndices(await clientOf(o.server, o.token), o, (n) => {
        if (tty) process.stderr.write(`\rrestored ${n} entities…`);
      });
      if (tty) process.stderr.write('\n');
      console.log(`restored the derived rows of ${totals.entities} entities in ${totals.batches} batches (${totals.timeMs} ms)`);
    });

  const token = cmd.command('token').description('access tokens');
  token
    .command('create')
    .description('mint an access token for a user, on the database directly (prints only the token on standard output)')
    .requiredOption('--user <name>', "the user the token acts as: a name ('datahub') or a corpuser urn")
    .option('--duration <d>', 'ONE_HOUR, ONE_DAY, ONE_WEEK, ONE_MONTH, THREE_MONTHS, SIX_MONTHS, ONE_YEAR or NO_EXPIRY', 'ONE_MONTH')
    .option('--name <name>', 'a name to recognise the token by', 'CLI token')
    .option(databaseOption, databaseHelp)
    .action(async (opts: { user: string; duration: string; name: string; databaseUrl?: string }) => {
      const config = loadConfig(process.env, opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {});
      const { createToken } = await import('./token.js');
      const { token: text, metadata, userExists } = await createToken(config, opts);
      console.log(text);
      const expiry = metadata.expiresAt ? `expires ${new Date(metadata.expiresAt).toISOString()}` : 'never expires';
      console.error(`token '${metadata.name}' for ${metadata.actorUrn} (${metadata.urn}), ${expiry}; it is shown only this once`);
      if (!userExists)
        console.error(`note: ${metadata.actorUrn} has no entity in the catalog yet; the token gets only what policies grant all users`);
    });

  const user = cmd.command('user').description('native users (who sign in with a password)');
  user
    .command('password')
    .description('set the password of a user, on the database directly: typed twice at a terminal, or the first line of standard input')
    .argument('<name>', "the user: a name ('datahub', the admin) or a corpuser urn; created, active, when the catalog has none")
    .option(databaseOption, databaseHelp)
    .action(async (name: string, opts: { databaseUrl?: string }) => {
      const config = loadConfig(process.env, opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {});
      const password = await (await import('./readPassword.js')).readNewPassword();
      if (password === '') throw new Error('the password must not be empty; nothing was changed');
      const { setUserPassword } = await import('./user.js');
      const { userUrn, created, suspended } = await setUserPassword(config, name, password);
      console.error(`password set for ${userUrn}${created ? ' (a new user, active)' : ''}; sign in with it at the web UI`);
      if (suspended) console.error(`note: ${userUrn} is suspended: sign-in is refused until an administrator reactivates it`);
    });

  return cmd;
}

export async function main(argv: string[]): Promise<void> {
  await program().parseAsync(argv);
}
