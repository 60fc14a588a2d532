/**
 * `catalog token create`: mints an access token on the database directly, so an operator can get
 * in before any token exists (or after losing the first one). Needs access to the database, which
 * is the real credential here.
 */
import { bootstrapAccess } from '../domains/access/bootstrap.js';
import { DURATIONS, type TokenMetadata } from '../domains/access/tokens.js';
import type { Config } from '../config.js';
import { createServices } from '../domains/services.js';
import { openStore } from '../store/index.js';
import { entityUrn } from '../urn.js';

/** `one-week`, `ONE_WEEK` and `one_week` all name ONE_WEEK. */
export function parseDuration(text: string): string {
  const name = text.trim().toUpperCase().replace(/-/g, '_');
  if (!(name in DURATIONS)) throw new Error(`unknown duration '${text}': use one of ${Object.keys(DURATIONS).join(', ')}`);
  return name;
}

export async function createToken(
  config: Config,
  options: { user: string; duration: string; name: string },
): Promise<{ token: string; metadata: TokenMetadata; userExists: boolean }> {
  const actorUrn = options.user.startsWith('urn:li:corpuser:') ? options.user : entityUrn('corpuser', options.user);
  const store = await openStore(config.databaseUrl, { poolSize: 2 });
  try {
    const services = createServices(store, config.tokenSigningKey ? { tokenSigningKey: config.tokenSigningKey } : {});
    await bootstrapAccess(services);
    const { accessToken, metadata } = await services.tokens.mint({
      actorUrn,
      duration: parseDuration(options.duration),
      name: options.name,
      description: 'Created with catalog token create',
    });
    const userExists = await services.entities.exists(actorUrn, true);
    return { token: accessToken, metadata, userExists };
  } finally {
    await store.close();
  }
}
