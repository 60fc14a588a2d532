/** The app's privilege flags, answered by the service alone from the policies stored. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantPolicy, openTestStore, tempDir } from '../../../test/helpers.js';
import { SYSTEM_ACTOR } from '../../actors.js';
import type { Store } from '../../store/types.js';
import { buildProposal } from '../../write/proposals.js';
import { createServices, type Services } from '../services.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const FINANCE = 'urn:li:glossaryNode:finance';
const REVENUE = 'urn:li:glossaryNode:revenue';
const GROSS = 'urn:li:glossaryTerm:gross';
const ADMIN = 'urn:li:corpuser:admin';
const STEWARD = 'urn:li:corpuser:steward';
const TAGGER = 'urn:li:corpuser:tagger';
const NOBODY = 'urn:li:corpuser:nobody';

let store: Store;
let drop: () => Promise<void>;
let services: Services;
beforeEach(async () => {
  ({ store, drop } = await openTestStore(tempDir()));
  services = createServices(store);
  await grantPolicy(services, 'admins', {
    type: 'PLATFORM',
    privileges: ['MANAGE_POLICIES', 'MANAGE_TESTS', 'MANAGE_GLOSSARIES'],
    actors: { users: [ADMIN] },
  });
  await grantPolicy(services, 'taggers', {
    privileges: ['EDIT_ENTITY_TAGS'],
    actors: { users: [TAGGER] },
    resources: { resources: [DATASET] },
  });
  await grantPolicy(services, 'finance-stewards', {
    privileges: ['MANAGE_ALL_GLOSSARY_CHILDREN'],
    actors: { users: [STEWARD] },
    resources: { resources: [FINANCE] },
  });
  const { registry, writePath } = services;
  await writePath.apply(
    [
      buildProposal(registry, FINANCE, 'glossaryNodeInfo', 'UPSERT', { name: 'Finance', definition: '' }),
      buildProposal(registry, REVENUE, 'glossaryNodeInfo', 'UPSERT', { name: 'Revenue', definition: '', parentNode: FINANCE }),
      buildProposal(registry, GROSS, 'glossaryTermInfo', 'UPSERT', {
        name: 'Gross',
        definition: '',
        termSource: 'INTERNAL',
        parentNode: REVENUE,
      }),
    ],
    { actor: SYSTEM_ACTOR },
  );
});
afterEach(async () => {
  await store.close();
  await drop();
});

describe('platform flags', () => {
  it('are set for the privileges held, the flags of either privilege alike', async () => {
    expect(await services.privilegeFlags.platform(ADMIN)).toMatchObject({
      managePolicies: true,
      manageTests: true,
      viewTests: true,
      manageGlossaries: true,
      manageIngestion: false,
    });
    const none = await services.privilegeFlags.platform(NOBODY);
    expect(Object.values(none).some((v) => v)).toBe(false);
  });
});

describe('entity flags', () => {
  it('follow the privileges held on that entity alone', async () => {
    expect(await services.privilegeFlags.entity(TAGGER, DATASET, 'dataset')).toMatchObject({ canEditTags: true, canEditOwners: false });
    const other = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.refunds,PROD)';
    expect(await services.privilegeFlags.entity(TAGGER, other, 'dataset')).toMatchObject({ canEditTags: false });
  });

  it('of a glossary: a steward of a node manages everything below it, and not the node itself', async () => {
    const flags = services.privilegeFlags;
    expect(await flags.entity(STEWARD, GROSS, 'glossaryTerm')).toMatchObject({ canManageEntity: true, canManageChildren: null });
    expect(await flags.entity(STEWARD, REVENUE, 'glossaryNode')).toMatchObject({ canManageEntity: true, canManageChildren: true });
    expect(await flags.entity(STEWARD, FINANCE, 'glossaryNode')).toMatchObject({ canManageEntity: false, canManageChildren: true });
    expect(await flags.entity(NOBODY, GROSS, 'glossaryTerm')).toMatchObject({ canManageEntity: false });
    expect(await flags.entity(ADMIN, FINANCE, 'glossaryNode')).toMatchObject({ canManageEntity: true, canManageChildren: true });
  });
});
