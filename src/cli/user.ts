/**
 * `catalog user password <name>`: sets a native user's password on the database directly, so an
 * operator can sign in at the web UI as the admin (`datahub`) without any secret passing through a
 * log, and can let anyone back in who lost theirs. Holding the database is the credential here, as
 * for `catalog token create`.
 */
import { bootstrapAccess } from '../domains/access/bootstrap.js';
import type { Config } from '../config.js';
import { createServices } from '../domains/services.js';
import { openStore } from '../store/index.js';

const USER_PREFIX = 'urn:li:corpuser:';

export async function setUserPassword(
  config: Config,
  name: string,
  password: string,
): Promise<{ userUrn: string; created: boolean; suspended: boolean }> {
  const userUrn = name.startsWith(USER_PREFIX) ? name : USER_PREFIX + name;
  const store = await openStore(config.databaseUrl, { poolSize: 2 });
  try {
    const services = createServices(store, config.tokenSigningKey ? { tokenSigningKey: config.tokenSigningKey } : {});
    // The admin user exists from here on, as at the service's first start.
    await bootstrapAccess(services);
    return { userUrn, ...(await services.nativeUsers.setPassword(userUrn, password)) };
  } finally {
    await store.close();
  }
}
