/**
 * What a catalog holds before anything is ingested, written at every start where absent: DataHub's
 * built-in entities, then its default home page, then its default roles and their policies.
 */
import type { Services } from '../services.js';
import { bootstrapBuiltIns } from './builtIns.js';
import { bootstrapHomePage } from './homePage.js';
import { bootstrapRoles } from './roles.js';

export async function bootstrapCatalog(services: Services, now = Date.now()): Promise<void> {
  await bootstrapBuiltIns(services, now);
  await bootstrapHomePage(services, now);
  await bootstrapRoles(services);
}
