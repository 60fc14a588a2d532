/**
 * Every GraphQL mutation and REST write checks its privilege: refused (403, DataHub's message,
 * nothing written) for a user without it; allowed once a policy grants it to the user directly,
 * through a group, or (for privileges on an entity) through owning the entity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/actors.js';
import { UNAUTHORIZED_MESSAGE } from '../src/auth/authorizer.js';
import { buildProposal } from '../src/write/proposals.js';
import { changeLogLength, grantPolicy, http, mcp, startTestServer, type TestServer } from './helpers.js';

type Json = Record<string, any>;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ auth: true });
  await write(TAG, 'tagProperties', { name: 'pii' });
  await write(TERM, 'glossaryTermInfo', { name: 'ssn', definition: 'social security number', termSource: 'INTERNAL' });
  await write(DOMAIN, 'domainProperties', { name: 'Sales' });
  await write(NODE, 'glossaryNodeInfo', { name: 'root', definition: '' });
  await write(OWNER, 'corpUserInfo', { active: true, displayName: 'Owner' });
});
afterAll(async () => s.close());

const TAG = 'urn:li:tag:pii';
const TERM = 'urn:li:glossaryTerm:ssn';
const DOMAIN = 'urn:li:domain:sales';
const NODE = 'urn:li:glossaryNode:root';
const OWNER = 'urn:li:corpuser:owner-x';

/** Writes an aspect as the system (test setup, not under test). */
async function write(urn: string, aspect: string, value: unknown): Promise<void> {
  await s.services.writePath.apply([buildProposal(s.services.registry, urn, aspect, 'UPSERT', value)], { actor: SYSTEM_ACTOR });
}

async function tokenFor(user: string): Promise<string> {
  return (await s.services.tokens.mint({ actorUrn: user, duration: 'ONE_DAY', name: 'test' })).accessToken;
}

async function gql(token: string, query: string, variables: Json): Promise<Json> {
  const reply = await http(`${s.url}/api/graphql`, { body: { query, variables }, headers: { authorization: `Bearer ${token}` } });
  expect(reply.status).toBe(200);
  return reply.body;
}

const changes = () => changeLogLength(s.services.store);

let serial = 0;
const dataset = (k: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,auth.t${k},PROD)`;

interface Case {
  name: string;
  /** The privilege a policy grants for the mutation to succeed. */
  privilege: string;
  /** A platform privilege: no ownership variant. */
  platform?: boolean;
  query: string;
  /** Creates what the mutation works on; answers the entity an owner would own. */
  prepare?: (k: number) => Promise<string | undefined>;
  variables: (k: number) => Json;
}

const withDataset = async (k: number) => {
  await write(dataset(k), 'datasetProperties', { description: `table ${k}` });
  return dataset(k);
};
const withTaggedDataset = async (k: number) => {
  await write(dataset(k), 'globalTags', { tags: [{ tag: TAG }] });
  await write(dataset(k), 'glossaryTerms', { terms: [{ urn: TERM }], auditStamp: { time: 0, actor: SYSTEM_ACTOR } });
  await write(dataset(k), 'ownership', { owners: [{ owner: OWNER, type: 'DATAOWNER' }] });
  await write(dataset(k), 'institutionalMemory', {
    elements: [{ url: 'https://wiki/x', description: 'x', createStamp: { time: 0, actor: SYSTEM_ACTOR } }],
  });
  return dataset(k);
};
const withEntity = (make: (k: number) => [string, string, Json]) => async (k: number) => {
  const [urn, aspect, value] = make(k);
  await write(urn, aspect, value);
  return urn;
};
const tokenIds = new Map<number, string>();
const tagK = (k: number): [string, string, Json] => [`urn:li:tag:t${k}`, 'tagProperties', { name: `t${k}` }];

const CASES: Case[] = [
  {
    name: 'addTag',
    privilege: 'EDIT_ENTITY_TAGS',
    query: 'mutation($i: TagAssociationInput!) { addTag(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { tagUrn: TAG, resourceUrn: dataset(k) } }),
  },
  {
    name: 'addTags',
    privilege: 'EDIT_ENTITY_TAGS',
    query: 'mutation($i: AddTagsInput!) { addTags(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { tagUrns: [TAG], resourceUrn: dataset(k) } }),
  },
  {
    name: 'removeTag',
    privilege: 'EDIT_ENTITY_TAGS',
    query: 'mutation($i: TagAssociationInput!) { removeTag(input: $i) }',
    prepare: withTaggedDataset,
    variables: (k) => ({ i: { tagUrn: TAG, resourceUrn: dataset(k) } }),
  },
  {
    name: 'batchAddTags',
    privilege: 'EDIT_ENTITY_TAGS',
    query: 'mutation($i: BatchAddTagsInput!) { batchAddTags(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { tagUrns: [TAG], resources: [{ resourceUrn: dataset(k) }] } }),
  },
  {
    name: 'batchRemoveTags',
    privilege: 'EDIT_ENTITY_TAGS',
    query: 'mutation($i: BatchRemoveTagsInput!) { batchRemoveTags(input: $i) }',
    prepare: withTaggedDataset,
    variables: (k) => ({ i: { tagUrns: [TAG], resources: [{ resourceUrn: dataset(k) }] } }),
  },
  {
    name: 'addTag (column)',
    privilege: 'EDIT_DATASET_COL_TAGS',
    query: 'mutation($i: TagAssociationInput!) { addTag(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { tagUrn: TAG, resourceUrn: dataset(k), subResourceType: 'DATASET_FIELD', subResource: 'id' } }),
  },
  {
    name: 'addTerm',
    privilege: 'EDIT_ENTITY_GLOSSARY_TERMS',
    query: 'mutation($i: TermAssociationInput!) { addTerm(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { termUrn: TERM, resourceUrn: dataset(k) } }),
  },
  {
    name: 'addTerms',
    privilege: 'EDIT_ENTITY_GLOSSARY_TERMS',
    query: 'mutation($i: AddTermsInput!) { addTerms(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { termUrns: [TERM], resourceUrn: dataset(k) } }),
  },
  {
    name: 'removeTerm',
    privilege: 'EDIT_ENTITY_GLOSSARY_TERMS',
    query: 'mutation($i: TermAssociationInput!) { removeTerm(input: $i) }',
    prepare: withTaggedDataset,
    variables: (k) => ({ i: { termUrn: TERM, resourceUrn: dataset(k) } }),
  },
  {
    name: 'batchAddTerms',
    privilege: 'EDIT_ENTITY_GLOSSARY_TERMS',
    query: 'mutation($i: BatchAddTermsInput!) { batchAddTerms(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { termUrns: [TERM], resources: [{ resourceUrn: dataset(k) }] } }),
  },
  {
    name: 'batchRemoveTerms',
    privilege: 'EDIT_ENTITY_GLOSSARY_TERMS',
    query: 'mutation($i: BatchRemoveTermsInput!) { batchRemoveTerms(input: $i) }',
    prepare: withTaggedDataset,
    variables: (k) => ({ i: { termUrns: [TERM], resources: [{ resourceUrn: dataset(k) }] } }),
  },
  {
    name: 'addTerm (column)',
    privilege: 'EDIT_DATASET_COL_GLOSSARY_TERMS',
    query: 'mutation($i: TermAssociationInput!) { addTerm(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { termUrn: TERM, resourceUrn: dataset(k), subResourceType: 'DATASET_FIELD', subResource: 'id' } }),
  },
  {
    name: 'addOwner',
    privilege: 'EDIT_ENTITY_OWNERS',
    query: 'mutation($i: AddOwnerInput!) { addOwner(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { ownerUrn: OWNER, ownerEntityType: 'CORP_USER', resourceUrn: dataset(k) } }),
  },
  {
    name: 'addOwners',
    privilege: 'EDIT_ENTITY_OWNERS',
    query: 'mutation($i: AddOwnersInput!) { addOwners(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { owners: [{ ownerUrn: OWNER, ownerEntityType: 'CORP_USER' }], resourceUrn: dataset(k) } }),
  },
  {
    name: 'removeOwner',
    privilege: 'EDIT_ENTITY_OWNERS',
    query: 'mutation($i: RemoveOwnerInput!) { removeOwner(input: $i) }',
    prepare: withTaggedDataset,
    variables: (k) => ({ i: { ownerUrn: OWNER, resourceUrn: dataset(k) } }),
  },
  {
    name: 'batchAddOwners',
    privilege: 'EDIT_ENTITY_OWNERS',
    query: 'mutation($i: BatchAddOwnersInput!) { batchAddOwners(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { owners: [{ ownerUrn: OWNER, ownerEntityType: 'CORP_USER' }], resources: [{ resourceUrn: dataset(k) }] } }),
  },
  {
    name: 'batchRemoveOwners',
    privilege: 'EDIT_ENTITY_OWNERS',
    query: 'mutation($i: BatchRemoveOwnersInput!) { batchRemoveOwners(input: $i) }',
    prepare: withTaggedDataset,
    variables: (k) => ({ i: { ownerUrns: [OWNER], resources: [{ resourceUrn: dataset(k) }] } }),
  },
  {
    name: 'setDomain',
    privilege: 'EDIT_DOMAINS_PRIVILEGE',
    query: 'mutation($e: String!, $d: String!) { setDomain(entityUrn: $e, domainUrn: $d) }',
    prepare: withDataset,
    variables: (k) => ({ e: dataset(k), d: DOMAIN }),
  },
  {
    name: 'unsetDomain',
    privilege: 'EDIT_DOMAINS_PRIVILEGE',
    query: 'mutation($e: String!) { unsetDomain(entityUrn: $e) }',
    prepare: withDataset,
    variables: (k) => ({ e: dataset(k) }),
  },
  {
    name: 'batchSetDomain',
    privilege: 'EDIT_DOMAINS_PRIVILEGE',
    query: 'mutation($i: BatchSetDomainInput!) { batchSetDomain(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { domainUrn: DOMAIN, resources: [{ resourceUrn: dataset(k) }] } }),
  },
  {
    name: 'updateDeprecation',
    privilege: 'EDIT_DEPRECATION_PRIVILEGE',
    query: 'mutation($i: UpdateDeprecationInput!) { updateDeprecation(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { urn: dataset(k), deprecated: true, note: 'old' } }),
  },
  {
    name: 'batchUpdateDeprecation',
    privilege: 'EDIT_DEPRECATION_PRIVILEGE',
    query: 'mutation($i: BatchUpdateDeprecationInput!) { batchUpdateDeprecation(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { deprecated: true, resources: [{ resourceUrn: dataset(k) }] } }),
  },
  {
    name: 'updateDescription (column)',
    privilege: 'EDIT_DATASET_COL_DESCRIPTION',
    query: 'mutation($i: DescriptionUpdateInput!) { updateDescription(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { description: 'the key', resourceUrn: dataset(k), subResourceType: 'DATASET_FIELD', subResource: 'id' } }),
  },
  {
    name: 'updateDescription (tag)',
    privilege: 'EDIT_ENTITY_DOCS',
    query: 'mutation($i: DescriptionUpdateInput!) { updateDescription(input: $i) }',
    prepare: withEntity(tagK),
    variables: (k) => ({ i: { description: 'a tag', resourceUrn: `urn:li:tag:t${k}` } }),
  },
  {
    name: 'batchUpdateSoftDeleted',
    privilege: 'DELETE_ENTITY',
    query: 'mutation($i: BatchUpdateSoftDeletedInput!) { batchUpdateSoftDeleted(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { urns: [dataset(k)], deleted: true } }),
  },
  {
    name: 'addLink',
    privilege: 'EDIT_ENTITY_DOC_LINKS',
    query: 'mutation($i: AddLinkInput!) { addLink(input: $i) }',
    prepare: withDataset,
    variables: (k) => ({ i: { linkUrl: 'https://wiki/y', label: 'y', resourceUrn: dataset(k) } }),
  },
  {
    name: 'removeLink',
    privilege: 'EDIT_ENTITY_DOC_LINKS',
    query: 'mutation($i: RemoveLinkInput!) { removeLink(input: $i) }',
    prepare: withTaggedDataset,
    variables: (k) => ({ i: { linkUrl: 'https://wiki/x', resourceUrn: dataset(k) } }),
  },
  {
    name: 'updateDataset',
    privilege: 'EDIT_ENTITY_DOCS',
    query: 'mutation($u: String!, $i: DatasetUpdateInput!) { updateDataset(urn: $u, input: $i) { urn } }',
    prepare: withDataset,
    variables: (k) => ({ u: dataset(k), i: { editableProperties: { description: 'edited' } } }),
  },
  {
    name: 'updateTag',
    privilege: 'EDIT_ENTITY',
    query: 'mutation($u: String!, $i: TagUpdateInput!) { updateTag(urn: $u, input: $i) { urn } }',
    prepare: withEntity(tagK),
    variables: (k) => ({ u: `urn:li:tag:t${k}`, i: { urn: `urn:li:tag:t${k}`, name: 'renamed' } }),
  },
  {
    name: 'updateName',
    privilege: 'EDIT_ENTITY',
    query: 'mutation($i: UpdateNameInput!) { updateName(input: $i) }',
    prepare: withEntity(tagK),
    variables: (k) => ({ i: { urn: `urn:li:tag:t${k}`, name: 'renamed' } }),
  },
  {
    name: 'setTagColor',
    privilege: 'EDIT_TAG_COLOR',
    query: 'mutation($u: String!) { setTagColor(urn: $u, colorHex: "#ff0000") }',
    prepare: withEntity(tagK),
    variables: (k) => ({ u: `urn:li:tag:t${k}` }),
  },
  {
    name: 'updateCorpGroupProperties',
    privilege: 'EDIT_ENTITY',
    query: 'mutation($u: String!, $i: CorpGroupUpdateInput!) { updateCorpGroupProperties(urn: $u, input: $i) { urn } }',
    prepare: withEntity((k) => [`urn:li:corpGroup:g${k}`, 'corpGroupInfo', { admins: [], members: [], groups: [] }]),
    variables: (k) => ({ u: `urn:li:corpGroup:g${k}`, i: { description: 'a group' } }),
  },
  {
    name: 'updateDatasets',
    privilege: 'EDIT_ENTITY_DOCS',
    query: 'mutation($i: [BatchDatasetUpdateInput!]!) { updateDatasets(input: $i) { urn } }',
    prepare: withDataset,
    variables: (k) => ({ i: [{ urn: dataset(k), update: { editableProperties: { description: 'edited' } } }] }),
  },
  ...(
    [
      ['updateChart', 'ChartUpdateInput', (k: number) => `urn:li:chart:(looker,c${k})`],
      ['updateDashboard', 'DashboardUpdateInput', (k: number) => `urn:li:dashboard:(looker,d${k})`],
      ['updateNotebook', 'NotebookUpdateInput', (k: number) => `urn:li:notebook:(querybook,n${k})`],
      ['updateDataFlow', 'DataFlowUpdateInput', (k: number) => `urn:li:dataFlow:(airflow,f${k},PROD)`],
      ['updateDataJob', 'DataJobUpdateInput', (k: number) => `urn:li:dataJob:(urn:li:dataFlow:(airflow,f${k},PROD),job)`],
    ] as const
  ).map(
    ([name, input, urnOf]): Case => ({
      name,
      privilege: 'EDIT_ENTITY_DOCS',
      query: `mutation($u: String!, $i: ${input}!) { ${name}(urn: $u, input: $i) { urn } }`,
      prepare: withEntity((k) => [urnOf(k), 'status', { removed: false }]),
      variables: (k) => ({ u: urnOf(k), i: { editableProperties: { description: 'edited' } } }),
    }),
  ),
  {
    name: 'createTag',
    privilege: 'CREATE_TAGS',
    platform: true,
    query: 'mutation($i: CreateTagInput!) { createTag(input: $i) }',
    variables: (k) => ({ i: { id: `new${k}`, name: `new ${k}` } }),
  },
  {
    name: 'deleteTag',
    privilege: 'MANAGE_TAGS',
    platform: true,
    query: 'mutation($u: String!) { deleteTag(urn: $u) }',
    prepare: withEntity(tagK),
    variables: (k) => ({ u: `urn:li:tag:t${k}` }),
  },
  {
    name: 'createDomain',
    privilege: 'CREATE_DOMAINS',
    platform: true,
    query: 'mutation($i: CreateDomainInput!) { createDomain(input: $i) }',
    variables: (k) => ({ i: { id: `d${k}`, name: `Domain ${k}` } }),
  },
  {
    name: 'deleteDomain',
    privilege: 'MANAGE_DOMAINS',
    platform: true,
    query: 'mutation($u: String!) { deleteDomain(urn: $u) }',
    prepare: withEntity((k) => [`urn:li:domain:old${k}`, 'domainProperties', { name: `old ${k}` }]),
    variables: (k) => ({ u: `urn:li:domain:old${k}` }),
  },
  {
    name: 'moveDomain',
    privilege: 'MANAGE_DOMAINS',
    platform: true,
    query: 'mutation($i: MoveDomainInput!) { moveDomain(input: $i) }',
    prepare: withEntity((k) => [`urn:li:domain:sub${k}`, 'domainProperties', { name: `sub ${k}` }]),
    variables: (k) => ({ i: { resourceUrn: `urn:li:domain:sub${k}`, parentDomain: DOMAIN } }),
  },
  {
    name: 'createGlossaryTerm',
    privilege: 'MANAGE_GLOSSARIES',
    platform: true,
    query: 'mutation($i: CreateGlossaryEntityInput!) { createGlossaryTerm(input: $i) }',
    variables: (k) => ({ i: { id: `term${k}`, name: `Term ${k}` } }),
  },
  {
    name: 'createGlossaryNode',
    privilege: 'MANAGE_GLOSSARIES',
    platform: true,
    query: 'mutation($i: CreateGlossaryEntityInput!) { createGlossaryNode(input: $i) }',
    variables: (k) => ({ i: { id: `node${k}`, name: `Node ${k}` } }),
  },
  {
    name: 'updateParentNode',
    privilege: 'MANAGE_GLOSSARIES',
    platform: true,
    query: 'mutation($i: UpdateParentNodeInput!) { updateParentNode(input: $i) }',
    prepare: withEntity((k) => [
      `urn:li:glossaryTerm:move${k}`,
      'glossaryTermInfo',
      { name: `m${k}`, definition: '', termSource: 'INTERNAL' },
    ]),
    variables: (k) => ({ i: { resourceUrn: `urn:li:glossaryTerm:move${k}`, parentNode: NODE } }),
  },
  {
    name: 'deleteGlossaryEntity',
    privilege: 'MANAGE_GLOSSARIES',
    platform: true,
    query: 'mutation($u: String!) { deleteGlossaryEntity(urn: $u) }',
    prepare: withEntity((k) => [
      `urn:li:glossaryTerm:gone${k}`,
      'glossaryTermInfo',
      { name: `g${k}`, definition: '', termSource: 'INTERNAL' },
    ]),
    variables: (k) => ({ u: `urn:li:glossaryTerm:gone${k}` }),
  },
  {
    name: 'createGroup',
    privilege: 'MANAGE_USERS_AND_GROUPS',
    platform: true,
    query: 'mutation($i: CreateGroupInput!) { createGroup(input: $i) }',
    variables: (k) => ({ i: { id: `team${k}`, name: `Team ${k}` } }),
  },
  {
    name: 'updateCorpUserProperties (someone else)',
    privilege: 'MANAGE_USERS_AND_GROUPS',
    platform: true,
    query: 'mutation($i: CorpUserUpdateInput!) { updateCorpUserProperties(urn: "urn:li:corpuser:owner-x", input: $i) { urn } }',
    variables: (k) => ({ i: { title: `title ${k}` } }),
  },
  {
    name: 'createPolicy',
    privilege: 'MANAGE_POLICIES',
    platform: true,
    query: 'mutation($i: PolicyUpdateInput!) { createPolicy(input: $i) }',
    variables: (k) => ({
      i: {
        type: 'METADATA',
        name: `p${k}`,
        state: 'INACTIVE',
        privileges: ['EDIT_ENTITY'],
        actors: { users: [OWNER], resourceOwners: false, allUsers: false, allGroups: false },
      },
    }),
  },
  {
    name: 'updatePolicy',
    privilege: 'MANAGE_POLICIES',
    platform: true,
    query: 'mutation($u: String!, $i: PolicyUpdateInput!) { updatePolicy(urn: $u, input: $i) }',
    prepare: async (k) =>
      grantPolicy(s.services, `draft${k}`, { state: 'INACTIVE', privileges: ['EDIT_ENTITY'], actors: { users: [OWNER] } }),
    variables: (k) => ({
      u: `urn:li:dataHubPolicy:draft${k}`,
      i: {
        type: 'METADATA',
        name: `draft ${k}`,
        state: 'INACTIVE',
        privileges: ['EDIT_ENTITY_TAGS'],
        actors: { users: [OWNER], resourceOwners: false, allUsers: false, allGroups: false },
      },
    }),
  },
  {
    name: 'deletePolicy',
    privilege: 'MANAGE_POLICIES',
    platform: true,
    query: 'mutation($u: String!) { deletePolicy(urn: $u) }',
    prepare: async (k) =>
      grantPolicy(s.services, `draft${k}`, { state: 'INACTIVE', privileges: ['EDIT_ENTITY'], actors: { users: [OWNER] } }),
    variables: (k) => ({ u: `urn:li:dataHubPolicy:draft${k}` }),
  },
  {
    name: "revokeAccessToken (someone else's)",
    privilege: 'MANAGE_ACCESS_TOKENS',
    platform: true,
    query: 'mutation($id: String!) { revokeAccessToken(tokenId: $id) }',
    prepare: async (k) => {
      const { metadata } = await s.services.tokens.mint({ actorUrn: OWNER, duration: 'ONE_DAY', name: `owner's ${k}` });
      tokenIds.set(k, metadata.id);
      return undefined;
    },
    variables: (k) => ({ id: tokenIds.get(k) }),
  },
  {
    name: 'createAccessToken (for someone else)',
    privilege: 'MANAGE_ACCESS_TOKENS',
    platform: true,
    query: 'mutation($i: CreateAccessTokenInput!) { createAccessToken(input: $i) { accessToken } }',
    variables: (k) => ({ i: { type: 'PERSONAL', actorUrn: OWNER, duration: 'ONE_HOUR', name: `for owner ${k}` } }),
  },
];

type Variant = 'user' | 'group' | 'owner';

/** A fresh user holding the case's privilege the way the variant says. */
async function holder(c: Case, variant: Variant, k: number, resource: string | undefined): Promise<string> {
  const user = `urn:li:corpuser:u${k}`;
  const type = c.platform ? 'PLATFORM' : 'METADATA';
  if (variant === 'user') {
    await grantPolicy(s.services, `direct-${k}`, { type, privileges: [c.privilege], actors: { users: [user] } });
  } else if (variant === 'group') {
    const group = `urn:li:corpGroup:holders${k}`;
    // Members listed on the group for resource privileges, memberships listed on the user for platform ones: both count.
    if (c.platform) await write(user, 'groupMembership', { groups: [group] });
    else await write(group, 'corpGroupInfo', { admins: [], members: [user], groups: [] });
    await grantPolicy(s.services, `group-${k}`, { type, privileges: [c.privilege], actors: { groups: [group] } });
  } else {
    await write(resource!, 'ownership', { owners: [{ owner: user, type: 'TECHNICAL_OWNER' }] });
    await grantPolicy(s.services, `owners-${k}`, { type, privileges: [c.privilege], actors: { resourceOwners: true } });
  }
  return user;
}

describe.each(CASES)('mutation $name', (c) => {
  it('is refused with 403 and writes nothing for a user without the privilege', async () => {
    const k = ++serial;
    await c.prepare?.(k);
    const token = await tokenFor(`urn:li:corpuser:nobody${k}`);
    const before = await changes();
    const reply = await gql(token, c.query, c.variables(k));
    expect(reply.errors?.[0]).toMatchObject({
      message: UNAUTHORIZED_MESSAGE,
      extensions: { code: 403, type: 'UNAUTHORIZED', classification: 'DataFetchingException' },
    });
    expect(await changes()).toBe(before);
  });

  const variants: Variant[] = c.platform ? ['user', 'group'] : ['user', 'group', 'owner'];
  it.each(variants)('succeeds once the privilege is granted (%s)', async (variant) => {
    const k = ++serial;
    const resource = await c.prepare?.(k);
    const user = await holder(c, variant, k, resource);
    const token = await tokenFor(user);
    const before = await changes();
    const reply = await gql(token, c.query, c.variables(k));
    expect(reply.errors).toBeUndefined();
    expect(await changes()).toBeGreaterThan(before);
  });
});

describe('updateCorpUserProperties on oneself', () => {
  it('needs no privilege', async () => {
    const k = ++serial;
    const user = `urn:li:corpuser:u${k}`;
    await write(user, 'corpUserInfo', { active: true, displayName: `u${k}` });
    const reply = await gql(
      await tokenFor(user),
      'mutation($u: String!) { updateCorpUserProperties(urn: $u, input: { title: "mine" }) { urn } }',
      { u: user },
    );
    expect(reply.errors).toBeUndefined();
    expect((await s.services.store.getAspect(user, 'corpUserEditableInfo', 0))?.value.title).toBe('mine');
  });
});

describe('REST writes', () => {
  const ingest = async (token: string, body: Json, path = '/aspects?action=ingestProposal') =>
    http(`${s.url}${path}`, { body, headers: { authorization: `Bearer ${token}` } });

  it('refuse a proposal the user may not write, with a Rest.li 403 naming what is missing, and write nothing of the batch', async () => {
    const k = ++serial;
    await withDataset(k);
    const user = `urn:li:corpuser:u${k}`;
    await grantPolicy(s.services, `tags-${k}`, { privileges: ['EDIT_ENTITY_TAGS'], actors: { users: [user] } });
    const token = await tokenFor(user);
    const before = await changes();
    const batch = {
      proposals: [
        mcp(dataset(k), 'globalTags', { tags: [{ tag: TAG }] }),
        mcp(dataset(k), 'datasetProperties', { description: 'changed' }),
      ],
    };
    const refused = await ingest(token, batch, '/aspects?action=ingestProposalBatch');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('EDIT_ENTITY');
    expect(refused.body.message).toContain(dataset(k));
    expect(await changes()).toBe(before);
    // Tags alone are within the privilege.
    expect((await ingest(token, { proposal: batch.proposals[0] })).status).toBe(200);
  });

  it('let owners write what an owners policy grants, and refuse the same user elsewhere', async () => {
    const k = ++serial;
    const user = `urn:li:corpuser:u${k}`;
    await withDataset(k);
    await write(dataset(k), 'ownership', { owners: [{ owner: user, type: 'DATAOWNER' }] });
    await grantPolicy(s.services, `owners-docs-${k}`, { privileges: ['EDIT_ENTITY'], actors: { resourceOwners: true } });
    const token = await tokenFor(user);
    expect((await ingest(token, { proposal: mcp(dataset(k), 'datasetProperties', { description: 'mine' }) })).status).toBe(200);
    expect((await ingest(token, { proposal: mcp(dataset(k + 1000), 'datasetProperties', { description: 'not mine' }) })).status).toBe(403);
  });

  it('need MANAGE_POLICIES to write a policy, even for a user who may edit every entity', async () => {
    const k = ++serial;
    const user = `urn:li:corpuser:u${k}`;
    await grantPolicy(s.services, `edit-all-${k}`, { privileges: ['EDIT_ENTITY'], actors: { users: [user] } });
    const escalate = mcp(`urn:li:dataHubPolicy:escalate${k}`, 'dataHubPolicyInfo', {
      displayName: 'me',
      description: '',
      type: 'PLATFORM',
      state: 'ACTIVE',
      privileges: ['MANAGE_POLICIES'],
      actors: { users: [user] },
    });
    const reply = await ingest(await tokenFor(user), { proposal: escalate });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toContain('MANAGE_POLICIES');
  });

  it('need RESTORE_INDICES_PRIVILEGE for restoreIndices', async () => {
    const k = ++serial;
    const user = `urn:li:corpuser:u${k}`;
    const token = await tokenFor(user);
    expect((await ingest(token, { urn: TAG }, '/operations?action=restoreIndices')).status).toBe(403);
    await grantPolicy(s.services, `restore-${k}`, {
      type: 'PLATFORM',
      privileges: ['RESTORE_INDICES_PRIVILEGE'],
      actors: { users: [user] },
    });
    expect((await ingest(token, { urn: TAG }, '/operations?action=restoreIndices')).status).toBe(200);
  });

  it('need DELETE_ENTITY for a hard delete and MANAGE_INGESTION for a rollback', async () => {
    const k = ++serial;
    const user = `urn:li:corpuser:u${k}`;
    await withDataset(k);
    const token = await tokenFor(user);
    await grantPolicy(s.services, `edit-${k}`, { privileges: ['EDIT_ENTITY'], actors: { users: [user] } });
    expect((await ingest(token, { urn: dataset(k) }, '/entities?action=delete')).status).toBe(403);
    expect((await ingest(token, { runId: 'any', dryRun: true }, '/runs?action=rollback')).status).toBe(403);
    await grantPolicy(s.services, `delete-${k}`, { privileges: ['DELETE_ENTITY'], actors: { users: [user] } });
    await grantPolicy(s.services, `ingestion-${k}`, { type: 'PLATFORM', privileges: ['MANAGE_INGESTION'], actors: { users: [user] } });
    expect((await ingest(token, { urn: dataset(k) }, '/entities?action=delete')).body.value.rows).toBeGreaterThan(0);
    expect((await ingest(token, { runId: 'any', dryRun: true }, '/runs?action=rollback')).status).toBe(200);
  });

  it('take effect on the next request when a policy is deactivated', async () => {
    const k = ++serial;
    const user = `urn:li:corpuser:u${k}`;
    await withDataset(k);
    const policy = await grantPolicy(s.services, `flip-${k}`, { privileges: ['EDIT_ENTITY'], actors: { users: [user] } });
    const token = await tokenFor(user);
    const proposal = (n: number) => ({ proposal: mcp(dataset(k), 'datasetProperties', { description: `v${n}` }) });
    expect((await ingest(token, proposal(1))).status).toBe(200);
    await grantPolicy(s.services, `flip-${k}`, { privileges: ['EDIT_ENTITY'], actors: { users: [user] }, state: 'INACTIVE' });
    expect(policy).toBe(`urn:li:dataHubPolicy:flip-${k}`);
    expect((await ingest(token, proposal(2))).status).toBe(403);
  });
});
