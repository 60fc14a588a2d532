/** The app's privilege flags, answered by the service alone from the policies stored. */
import { describe, expect, it } from 'vitest';
import { expectEach } from '../../../test/helpers.js';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const FINANCE = 'urn:li:glossaryNode:finance';
const REVENUE = 'urn:li:glossaryNode:revenue';
const GROSS = 'urn:li:glossaryTerm:gross';
const ADMIN = 'urn:li:corpuser:admin';
const STEWARD = 'urn:li:corpuser:steward';
const TAGGER = 'urn:li:corpuser:tagger';
const NOBODY = 'urn:li:corpuser:nobody';

const c = serviceCatalogForFile(async ({ grant, put }) => {
  await grant('admins', {
    type: 'PLATFORM',
    privileges: ['MANAGE_POLICIES', 'MANAGE_TESTS', 'MANAGE_GLOSSARIES'],
    actors: { users: [ADMIN] },
  });
  await grant('taggers', {
    privileges: ['EDIT_ENTITY_TAGS'],
    actors: { users: [TAGGER] },
    resources: { resources: [DATASET] },
  });
  await grant('finance-stewards', {
    privileges: ['MANAGE_ALL_GLOSSARY_CHILDREN'],
    actors: { users: [STEWARD] },
    resources: { resources: [FINANCE] },
  });
  await put(FINANCE, 'glossaryNodeInfo', { name: 'Finance', definition: '' });
  await put(REVENUE, 'glossaryNodeInfo', { name: 'Revenue', definition: '', parentNode: FINANCE });
  await put(GROSS, 'glossaryTermInfo', { name: 'Gross', definition: '', termSource: 'INTERNAL', parentNode: REVENUE });
});

describe('platform flags', () => {
  it('are set for the privileges held, the flags of either privilege alike', async () => {
    expect(await c.services.privilegeFlags.platform(ADMIN)).toMatchObject({
      managePolicies: true,
      manageTests: true,
      viewTests: true,
      manageGlossaries: true,
      manageIngestion: false,
    });
    const none = await c.services.privilegeFlags.platform(NOBODY);
    expectEach(Object.values(none), (v) => !v, 'the platform flags of one without privileges');
  });
});

describe('entity flags', () => {
  it('follow the privileges held on that entity alone', async () => {
    expect(await c.services.privilegeFlags.entity(TAGGER, DATASET, 'dataset')).toMatchObject({ canEditTags: true, canEditOwners: false });
    const other = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.refunds,PROD)';
    expect(await c.services.privilegeFlags.entity(TAGGER, other, 'dataset')).toMatchObject({ canEditTags: false });
  });

  it('of a glossary: a steward of a node manages everything below it, and not the node itself', async () => {
    const flags = c.services.privilegeFlags;
    expect(await flags.entity(STEWARD, GROSS, 'glossaryTerm')).toMatchObject({ canManageEntity: true, canManageChildren: null });
    expect(await flags.entity(STEWARD, REVENUE, 'glossaryNode')).toMatchObject({ canManageEntity: true, canManageChildren: true });
    expect(await flags.entity(STEWARD, FINANCE, 'glossaryNode')).toMatchObject({ canManageEntity: false, canManageChildren: true });
    expect(await flags.entity(NOBODY, GROSS, 'glossaryTerm')).toMatchObject({ canManageEntity: false });
    expect(await flags.entity(ADMIN, FINANCE, 'glossaryNode')).toMatchObject({ canManageEntity: true, canManageChildren: true });
  });
});
