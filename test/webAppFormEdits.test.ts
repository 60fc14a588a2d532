/**
 * Documentation forms and metadata tests, managed and answered as the app does: a form is created,
 * assigned to a dataset, answered prompt by prompt (a field prompt field by field) and verified; the
 * dataset's forms on the app's dataset page follow each answer, and REST `entitiesV2` and search show
 * the same. Tests are created, changed and deleted. A user without DataHub's privilege gets its 403,
 * and bad input is a 400 that writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAUTHORIZED_MESSAGE } from '../src/auth/authorizer.js';
import { grantPolicy, startTestServer, type TestServer } from './helpers.js';
import { webApp } from './webApp.js';
import { putFormFixture } from './formFixture.js';
import { webAppOperation } from './webAppOperations.js';

type Json = any;

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,forms.orders,PROD)';
const OTHER = 'urn:li:dataset:(urn:li:dataPlatform:hive,forms.refunds,PROD)';
const TIER = 'urn:li:structuredProperty:io.acryl.tier';
const ROWS = 'urn:li:structuredProperty:io.acryl.expectedRows';
const ADMIN = 'urn:li:corpuser:forms.admin';
const OWNER = 'urn:li:corpuser:forms.owner';
const READER = 'urn:li:corpuser:forms.reader';
const FORM = 'urn:li:form:orders-review';

let s: TestServer;
const { signIn, write: put, run, execute, expectError, entityV2, search } = webApp(() => s);

beforeAll(async () => {
  s = await startTestServer({ auth: true });
  await putFormFixture(put, { dataset: DATASET, other: OTHER, owner: OWNER, tier: TIER, rows: ROWS });
  await grantPolicy(s.services, 'form-admins', {
    type: 'PLATFORM',
    privileges: ['MANAGE_DOCUMENTATION_FORMS', 'MANAGE_TESTS'],
    actors: { users: [ADMIN] },
  });
  await grantPolicy(s.services, 'form-readers', { privileges: ['VIEW_ENTITY_PAGE'], actors: { users: [ADMIN, OWNER, READER] } });
  await signIn(ADMIN, OWNER, READER);
}, 60_000);
afterAll(() => s?.close());

const CREATE_FORM = `mutation($input: CreateFormInput!) { createForm(input: $input) { urn type info { name type prompts { id title type required structuredPropertyParams { structuredProperty { urn } } } actors { owners } } } }`;
const UPDATE_FORM = `mutation($input: UpdateFormInput!) { updateForm(input: $input) { urn info { name prompts { id required } } } }`;
const DELETE_FORM = 'mutation($input: DeleteFormInput!) { deleteForm(input: $input) }';
const ASSIGN = 'mutation($input: BatchAssignFormInput!) { batchAssignForm(input: $input) }';
const UNASSIGN = 'mutation($input: BatchRemoveFormInput!) { batchRemoveForm(input: $input) }';
const DYNAMIC = 'mutation($input: CreateDynamicFormAssignmentInput!) { createDynamicFormAssignment(input: $input) }';
const UPDATE_TEST = 'mutation($urn: String!, $input: UpdateTestInput!) { updateTest(urn: $urn, input: $input) }';

const formsOf = async (urn: string, user = OWNER) => {
  const f = (await run('getDataset', { urn }, user)).dataset.forms;
  const ids = (list: Json[]) =>
    list.map((a: Json) => ({
      form: a.form.urn,
      done: a.completedPrompts.map((p: Json) => p.id).sort(),
      todo: a.incompletePrompts.map((p: Json) => p.id).sort(),
    }));
  return {
    incomplete: ids(f?.incompleteForms ?? []),
    complete: ids(f?.completedForms ?? []),
    verified: (f?.verifications ?? []).map((v: Json) => v.form.urn),
  };
};

const submit = (input: Json, user = OWNER, urn = DATASET) => run('submitFormPrompt', { urn, input: { formUrn: FORM, ...input } }, user);
const tierAnswer = (value: string) => ({
  promptId: 'tier',
  type: 'STRUCTURED_PROPERTY',
  structuredPropertyParams: { structuredPropertyUrn: TIER, values: [{ stringValue: value }] },
});
const rowsAnswer = (fieldPath: string, n: number) => ({
  promptId: 'rows',
  type: 'FIELDS_STRUCTURED_PROPERTY',
  fieldPath,
  structuredPropertyParams: { structuredPropertyUrn: ROWS, values: [{ numberValue: n }] },
});

describe('forms', () => {
  it('creates a form with its prompts, refusing those without the privilege', async () => {
    const input = {
      id: 'orders-review',
      name: 'Orders review',
      type: 'VERIFICATION',
      actors: { owners: true },
      prompts: [
        { id: 'tier', title: 'Tier', type: 'STRUCTURED_PROPERTY', structuredPropertyParams: { urn: TIER }, required: true },
        {
          id: 'rows',
          title: 'Expected rows per column',
          type: 'FIELDS_STRUCTURED_PROPERTY',
          structuredPropertyParams: { urn: ROWS },
          required: true,
        },
      ],
    };
    await expectError(READER, CREATE_FORM, { input }, 403, 'Unable to create form. Please contact your admin.');
    await expectError(
      ADMIN,
      CREATE_FORM,
      { input: { ...input, prompts: [{ title: 'x', type: 'STRUCTURED_PROPERTY' }] } },
      400,
      'Provided prompt with type STRUCTURED_PROPERTY or FIELDS_STRUCTURED_PROPERTY and no structured property params',
    );
    const form = (await execute(CREATE_FORM, { input })).createForm;
    expect(form).toMatchObject({
      urn: FORM,
      type: 'FORM',
      info: { name: 'Orders review', type: 'VERIFICATION', actors: { owners: true } },
    });
    expect(form.info.prompts.map((p: Json) => [p.id, p.required, p.structuredPropertyParams.structuredProperty.urn])).toEqual([
      ['tier', true, TIER],
      ['rows', true, ROWS],
    ]);
    expect((await entityV2(FORM)).formInfo.value.prompts).toHaveLength(2);
    expect(await search('form', 'structuredPropertyPromptUrns', TIER)).toEqual([FORM]);
    await expectError(ADMIN, CREATE_FORM, { input }, 400, `Form with urn ${FORM} already exists`);
  });

  it('assigns the form to a dataset: every prompt to answer, on the dataset page, REST and search', async () => {
    await expectError(READER, ASSIGN, { input: { formUrn: FORM, entityUrns: [DATASET] } }, 403, UNAUTHORIZED_MESSAGE);
    await expectError(
      ADMIN,
      ASSIGN,
      { input: { formUrn: FORM, entityUrns: [DATASET, 'urn:li:dataset:(urn:li:dataPlatform:hive,ghost,PROD)'] } },
      400,
      /does not exist/,
    );
    await execute(ASSIGN, { input: { formUrn: FORM, entityUrns: [DATASET] } });
    expect(await formsOf(DATASET)).toEqual({ incomplete: [{ form: FORM, done: [], todo: ['rows', 'tier'] }], complete: [], verified: [] });
    expect((await entityV2(DATASET)).forms.value.incompleteForms.map((a: Json) => a.urn)).toEqual([FORM]);
    expect(await search('dataset', 'incompleteForms', FORM)).toEqual([DATASET]);
  });

  it('refuses bad answers and answers from people the form does not ask, writing nothing', async () => {
    await expectError(
      READER,
      webAppOperation('submitFormPrompt'),
      { urn: DATASET, input: { formUrn: FORM, ...tierAnswer('gold') } },
      403,
      `Failed to authorize form on entity as form with urn ${FORM} is not assigned to user`,
    );
    await expectError(
      OWNER,
      webAppOperation('submitFormPrompt'),
      { urn: DATASET, input: { formUrn: FORM, ...tierAnswer('bronze') } },
      400,
      `Value bronze is not allowed for structured property ${TIER}`,
    );
    await expectError(
      OWNER,
      webAppOperation('submitFormPrompt'),
      { urn: DATASET, input: { formUrn: FORM, ...tierAnswer('gold'), promptId: 'nope' } },
      400,
      `Form ${FORM} has no prompt nope`,
    );
    await expectError(
      OWNER,
      webAppOperation('submitFormPrompt'),
      { urn: DATASET, input: { formUrn: FORM, ...rowsAnswer('id', 1), fieldPath: null } },
      400,
      'Failed to provide fieldPath for prompt type FIELDS_STRUCTURED_PROPERTY',
    );
    await expectError(
      OWNER,
      webAppOperation('submitFormPrompt'),
      {
        urn: DATASET,
        input: {
          formUrn: FORM,
          ...rowsAnswer('id', 1),
          structuredPropertyParams: { structuredPropertyUrn: ROWS, values: [{ stringValue: 'many' }] },
        },
      },
      400,
      /numberValue/,
    );
    await expectError(OWNER, webAppOperation('submitFormPrompt'), { urn: OTHER, input: { formUrn: FORM, ...tierAnswer('gold') } }, 403);
    expect(await formsOf(DATASET)).toMatchObject({ incomplete: [{ form: FORM, done: [] }] });
  });

  it('completes the form as its owner answers each prompt, a field prompt once every field is answered', async () => {
    await submit(tierAnswer('gold'));
    expect(await formsOf(DATASET)).toMatchObject({ incomplete: [{ form: FORM, done: ['tier'], todo: ['rows'] }], complete: [] });
    expect((await entityV2(DATASET)).structuredProperties.value.properties).toEqual([
      expect.objectContaining({ propertyUrn: TIER, values: [{ string: 'gold' }] }),
    ]);
    await expectError(
      OWNER,
      webAppOperation('verifyForm'),
      { input: { formUrn: FORM, entityUrn: DATASET } },
      400,
      `Form ${FORM} is not in the list of completed forms for this entity. Skipping verification.`,
    );

    await submit(rowsAnswer('id', 1000));
    expect(await formsOf(DATASET)).toMatchObject({ incomplete: [{ form: FORM, done: ['tier'], todo: ['rows'] }] });
    await submit(rowsAnswer('amount', 500));
    expect(await formsOf(DATASET)).toEqual({ incomplete: [], complete: [{ form: FORM, done: ['rows', 'tier'], todo: [] }], verified: [] });
    expect((await entityV2(`urn:li:schemaField:(${DATASET},amount)`)).structuredProperties.value.properties[0]).toMatchObject({
      propertyUrn: ROWS,
      values: [{ double: 500 }],
    });
    expect((await entityV2(DATASET)).forms.value.completedForms.map((a: Json) => a.urn)).toEqual([FORM]);
    expect(await search('dataset', 'completedForms', FORM)).toEqual([DATASET]);
    expect(await search('dataset', 'incompleteForms', FORM)).toEqual([]);

    await expectError(
      READER,
      webAppOperation('verifyForm'),
      { input: { formUrn: FORM, entityUrn: DATASET } },
      403,
      `Failed to authorize form on entity as form with urn ${FORM} is not assigned to user`,
    );
    // Another form assigned and taken off again leaves this one where it was.
    const other = (
      await execute(CREATE_FORM, {
        input: {
          id: 'notes',
          name: 'Notes',
          prompts: [{ id: 'note', title: 'Note', type: 'STRUCTURED_PROPERTY', structuredPropertyParams: { urn: TIER }, required: true }],
        },
      })
    ).createForm.urn;
    await execute(ASSIGN, { input: { formUrn: other, entityUrns: [DATASET] } });
    expect((await entityV2(DATASET)).forms.value).toMatchObject({ completedForms: [{ urn: FORM }], incompleteForms: [{ urn: other }] });
    await execute(UNASSIGN, { input: { formUrn: other, entityUrns: [DATASET] } });
    expect((await entityV2(DATASET)).forms.value).toMatchObject({ completedForms: [{ urn: FORM }], incompleteForms: [] });
    expect(await search('dataset', 'completedForms', FORM)).toEqual([DATASET]);

    await run('verifyForm', { input: { formUrn: FORM, entityUrn: DATASET } }, OWNER);
    expect((await formsOf(DATASET)).verified).toEqual([FORM]);
    expect(await search('dataset', 'verifiedForms', FORM)).toEqual([DATASET]);
  });

  it('a new required prompt reopens the form; removing the form takes it off the dataset', async () => {
    await expectError(READER, UPDATE_FORM, { input: { urn: FORM, name: 'x' } }, 403, 'Unable to update form. Please contact your admin.');
    const updated = await execute(UPDATE_FORM, {
      input: {
        urn: FORM,
        name: 'Orders review v2',
        promptsToAdd: [
          { id: 'pii', title: 'PII tier', type: 'STRUCTURED_PROPERTY', structuredPropertyParams: { urn: TIER }, required: true },
        ],
      },
    });
    expect(updated.updateForm.info).toMatchObject({ name: 'Orders review v2', prompts: [{ id: 'tier' }, { id: 'rows' }, { id: 'pii' }] });
    expect(await formsOf(DATASET)).toMatchObject({ incomplete: [{ form: FORM, done: ['rows', 'tier'] }], complete: [] });
    await execute(UPDATE_FORM, { input: { urn: FORM, promptsToRemove: ['pii'] } });
    expect(await formsOf(DATASET)).toMatchObject({ incomplete: [], complete: [{ form: FORM }] });

    await execute(UNASSIGN, { input: { formUrn: FORM, entityUrns: [DATASET] } });
    expect(await formsOf(DATASET)).toMatchObject({ incomplete: [], complete: [] });
    expect(await search('dataset', 'completedForms', FORM)).toEqual([]);
  });

  it('assigns a form by a filter, and deleting the form clears it from its assets', async () => {
    await expectError(READER, DYNAMIC, { input: { formUrn: FORM, orFilters: [] } }, 403, UNAUTHORIZED_MESSAGE);
    await execute(DYNAMIC, {
      input: { formUrn: FORM, orFilters: [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:hive'] }] }] },
    });
    expect((await entityV2(FORM)).dynamicFormAssignment.value.filter.or[0].and[0]).toMatchObject({
      field: 'platform',
      values: ['urn:li:dataPlatform:hive'],
    });
    expect(await formsOf(OTHER, ADMIN)).toMatchObject({ incomplete: [{ form: FORM }] });
    expect(await formsOf(DATASET)).toMatchObject({ incomplete: [] });

    await expectError(READER, DELETE_FORM, { input: { urn: FORM } }, 403, 'Unable to delete form. Please contact your admin.');
    await execute(DELETE_FORM, { input: { urn: FORM } });
    expect(await formsOf(OTHER, ADMIN)).toMatchObject({ incomplete: [], complete: [] });
    expect(await search('dataset', 'incompleteForms', FORM)).toEqual([]);
    expect(await search('form', 'structuredPropertyPromptUrns', TIER)).toEqual(['urn:li:form:notes']);
    await expectError(ADMIN, DELETE_FORM, { input: { urn: FORM } }, 400, `Form with urn ${FORM} does not exist`);
  });
});

describe('tests', () => {
  const input = {
    id: 'has-owner',
    name: 'Has an owner',
    category: 'Governance',
    description: 'Every dataset has an owner',
    definition: { json: '{"on":{"types":["dataset"]},"rules":[]}' },
  };
  const listed = async () =>
    (await run('listTests', { input: { start: 0, count: 20 } })).listTests.tests.map((t: Json) => [t.urn, t.name, t.category]);

  it('creates, changes and deletes a test under MANAGE_TESTS', async () => {
    await expectError(READER, webAppOperation('createTest'), { input }, 403, UNAUTHORIZED_MESSAGE);
    await expectError(
      ADMIN,
      webAppOperation('createTest'),
      { input: { ...input, definition: { json: '{not json' } } },
      400,
      /not valid JSON/,
    );
    const urn = (await run('createTest', { input })).createTest;
    expect(urn).toBe('urn:li:test:has-owner');
    expect((await run('getTest', { urn })).test).toMatchObject({
      name: 'Has an owner',
      category: 'Governance',
      definition: { json: input.definition.json },
    });
    expect(await listed()).toEqual([[urn, 'Has an owner', 'Governance']]);
    expect((await entityV2(urn)).testInfo.value).toMatchObject({ name: 'Has an owner', definition: { type: 'JSON' } });
    expect(await search('test', 'category', 'Governance')).toEqual([urn]);
    await expectError(ADMIN, webAppOperation('createTest'), { input }, 400, 'This Test already exists!');

    await expectError(READER, UPDATE_TEST, { urn, input: { name: 'x', category: 'y', definition: {} } }, 403, UNAUTHORIZED_MESSAGE);
    await execute(UPDATE_TEST, { urn, input: { name: 'Owned', category: 'Stewardship', definition: { json: '{}' } } });
    expect(await listed()).toEqual([[urn, 'Owned', 'Stewardship']]);
    expect(await search('test', 'category', 'Governance')).toEqual([]);

    await expectError(READER, webAppOperation('deleteTest'), { urn }, 403, UNAUTHORIZED_MESSAGE);
    await run('deleteTest', { urn });
    expect(await listed()).toEqual([]);
    await expectError(ADMIN, webAppOperation('deleteTest'), { urn }, 400, /does not exist/);
  });
});
