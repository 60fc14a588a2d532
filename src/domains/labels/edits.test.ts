/**
 * Edits of single fields read the aspect inside the write's transaction: edits of different fields
 * of one aspect, made at the same moment, all stay. (They used to read it before the transaction
 * and write the whole value back, so the last one to commit undid the others.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { SYSTEM_ACTOR } from '../../actors.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const value = async (urn: string, aspect: string) => (await s.services.store.getAspect(urn, aspect, 0))?.value;

describe('edits made at the same moment', () => {
  it('of a glossary term: its name, definition and parent node all stay', async () => {
    const { edits } = s.services;
    const parent = await edits.createGlossaryNode('finance', 'Finance', null, null, SYSTEM_ACTOR);
    const term = await edits.createGlossaryTerm('revenue', 'Revenue', 'money in', null, SYSTEM_ACTOR);
    await Promise.all([
      edits.updateName(term, 'Gross revenue', SYSTEM_ACTOR),
      edits.updateDescription({ resourceUrn: term }, 'All money in, before costs', SYSTEM_ACTOR),
      edits.setParent(term, parent, SYSTEM_ACTOR),
    ]);
    expect(await value(term, 'glossaryTermInfo')).toMatchObject({
      name: 'Gross revenue',
      definition: 'All money in, before costs',
      parentNode: parent,
      termSource: 'INTERNAL',
    });
  });

  it("of a group's profile and of its owners: every field and every removal stays", async () => {
    const { edits } = s.services;
    const group = await edits.createGroup('editors', 'Editors', null, SYSTEM_ACTOR);
    await edits.addOwners(
      [
        { ownerUrn: 'urn:li:corpuser:datahub', ownerEntityType: 'CORP_USER', type: 'TECHNICAL_OWNER' },
        { ownerUrn: 'urn:li:corpuser:datahub', ownerEntityType: 'CORP_USER', type: 'BUSINESS_OWNER' },
      ],
      [{ resourceUrn: group }],
      SYSTEM_ACTOR,
    );
    await Promise.all([
      edits.mergeFields(group, 'corpGroupEditableInfo', { description: 'people who edit' }, SYSTEM_ACTOR),
      edits.mergeFields(group, 'corpGroupEditableInfo', { slack: '#editors' }, SYSTEM_ACTOR),
      edits.mergeFields(group, 'corpGroupEditableInfo', { email: 'editors@example.com' }, SYSTEM_ACTOR),
      edits.removeOwners(
        ['urn:li:corpuser:datahub'],
        [{ resourceUrn: group }],
        SYSTEM_ACTOR,
        'urn:li:ownershipType:__system__technical_owner',
      ),
      edits.removeOwners(
        ['urn:li:corpuser:datahub'],
        [{ resourceUrn: group }],
        SYSTEM_ACTOR,
        'urn:li:ownershipType:__system__business_owner',
      ),
    ]);
    expect(await value(group, 'corpGroupEditableInfo')).toMatchObject({
      description: 'people who edit',
      slack: '#editors',
      email: 'editors@example.com',
    });
    expect((await value(group, 'ownership'))?.owners).toEqual([]);
  });
});
