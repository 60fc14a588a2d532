/**
 * Edits of single fields read the aspect inside the write's transaction: edits of different fields
 * of one aspect, made at the same moment, all stay. (They used to read it before the transaction
 * and write the whole value back, so the last one to commit undid the others.)
 */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';
import { SYSTEM_ACTOR } from '../../actors.js';

const OWNER = 'urn:li:corpuser:datahub';

const c = serviceCatalogForFile(async ({ put }) => {
  await put(OWNER, 'corpUserInfo', { active: true, displayName: 'DataHub' });
});

describe('edits made at the same moment', () => {
  it('of a glossary term: its name, definition and parent node all stay', async () => {
    const { edits } = c.services;
    const parent = await edits.createGlossaryNode('finance', 'Finance', null, null, SYSTEM_ACTOR);
    const term = await edits.createGlossaryTerm('revenue', 'Revenue', 'money in', null, SYSTEM_ACTOR);
    await Promise.all([
      edits.updateName(term, 'Gross revenue', SYSTEM_ACTOR),
      edits.updateDescription({ resourceUrn: term }, 'All money in, before costs', SYSTEM_ACTOR),
      edits.setParent(term, parent, SYSTEM_ACTOR),
    ]);
    expect(await c.value(term, 'glossaryTermInfo')).toMatchObject({
      name: 'Gross revenue',
      definition: 'All money in, before costs',
      parentNode: parent,
      termSource: 'INTERNAL',
    });
  });

  it("of a group's profile and of its owners: every field and every removal stays", async () => {
    const { edits } = c.services;
    const group = await edits.createGroup('editors', 'Editors', null, SYSTEM_ACTOR);
    await edits.addOwners(
      [
        { ownerUrn: OWNER, ownerEntityType: 'CORP_USER', type: 'TECHNICAL_OWNER' },
        { ownerUrn: OWNER, ownerEntityType: 'CORP_USER', type: 'BUSINESS_OWNER' },
      ],
      [{ resourceUrn: group }],
      SYSTEM_ACTOR,
    );
    await Promise.all([
      edits.mergeFields(group, 'corpGroupEditableInfo', { description: 'people who edit' }, SYSTEM_ACTOR),
      edits.mergeFields(group, 'corpGroupEditableInfo', { slack: '#editors' }, SYSTEM_ACTOR),
      edits.mergeFields(group, 'corpGroupEditableInfo', { email: 'editors@example.com' }, SYSTEM_ACTOR),
      edits.removeOwners([OWNER], [{ resourceUrn: group }], SYSTEM_ACTOR, 'urn:li:ownershipType:__system__technical_owner'),
      edits.removeOwners([OWNER], [{ resourceUrn: group }], SYSTEM_ACTOR, 'urn:li:ownershipType:__system__business_owner'),
    ]);
    expect(await c.value(group, 'corpGroupEditableInfo')).toMatchObject({
      description: 'people who edit',
      slack: '#editors',
      email: 'editors@example.com',
    });
    expect((await c.value(group, 'ownership'))?.owners).toEqual([]);
  });
});
