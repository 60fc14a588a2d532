/**
 * What a catalog holds before anything is ingested, written at every start where absent: DataHub's
 * built-in entities, then its default home page.
 */
import type { Services } from '../services.js';
import { bootstrapBuiltIns } from './builtIns.js';
import { bootstrapHomePage } from './homePage.js';

export async function bootstrapCatalog(services: Services, now = Date.now()): Promise<void> {
  await bootstrapBuiltIns(services, now);
  await bootstrapHomePage(services, now);
}
