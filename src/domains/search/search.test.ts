/** Which of a default list of entity types a caller searches, decided by the search service alone. */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const ADMIN = 'urn:li:corpuser:admin';
const READER = 'urn:li:corpuser:reader';

const c = serviceCatalogForFile(async ({ grant }) => {
  await grant('admins', { type: 'PLATFORM', privileges: ['MANAGE_POLICIES'], actors: { users: [ADMIN] } });
});

describe('a default list of types', () => {
  it('keeps those the registry has and the caller may see, in order', async () => {
    const defaults = ['dataset', 'noSuchType', 'dataHubPolicy', 'tag'];
    expect(await c.services.search.visibleTypeNames(defaults, READER)).toEqual(['dataset', 'tag']);
    expect(await c.services.search.visibleTypeNames(defaults, ADMIN)).toEqual(['dataset', 'dataHubPolicy', 'tag']);
  });
});
