/**
 * Documentation forms through the service alone: a form is created, assigned to a dataset, answered
 * by the dataset's owner (a field prompt field by field) until it is complete, verified, and deleted,
 * which takes it off the dataset. Those without the privilege, or whom the form does not ask, are
 * refused and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPolicy, openTestStore, tempDir } from '../../../test/helpers.js';
import { SYSTEM_ACTOR } from '../../actors.js';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';
import type { Store } from '../../store/types.js';
import { buildProposal } from '../../write/proposals.js';
import { createServices, type Services } from '../services.js';

type Json = any;

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,unit.orders,PROD)';
const OTHER = 'urn:li:dataset:(urn:li:dataPlatform:hive,unit.refunds,PROD)';
const TIER = 'urn:li:structuredProperty:unit.tier';
const ROWS = 'urn:li:structuredProperty:unit.rows';
const ADMIN = 'urn:li:corpuser:unit.admin';
const OWNER = 'urn:li:corpuser:unit.owner';
const READER = 'urn:li:corpuser:unit.reader';
const FORM = 'urn:li:form:unit-review';

let store: Store;
let drop: () => Promise<void>;
let services: Services;

const put = (urn: string, aspect: string, value: Json) =>
  services.writePath.apply([buildProposal(services.registry, urn, aspect, 'UPSERT', value)], { actor: SYSTEM_ACTOR });
const value = async (urn: string, aspect: string): Promise<Json> => (await store.getAspect(urn, aspect, 0))?.value;
const changes = async () => (await store.readChangeLog(0, 1_000_000)).length;
const ids = (list: Json[] | undefined) => (list ?? []).map((x: Json) => x.urn ?? x.id ?? x.form);

/** That the call is refused as `kind` with `message`, and writes nothing. */
async function expectRefused(call: () => Promise<unknown>, kind: string, message: string | RegExp) {
  const before = await changes();
  await expect(call()).rejects.toMatchObject({ kind, message });
  expect(await changes()).toBe(before);
}

beforeAll(async () => {
  ({ store, drop } = await openTestStore(tempDir()));
  services = createServices(store, { now: () => 7_000 });
  await put(DATASET, 'datasetProperties', { name: 'orders', customProperties: {} });
  await put(OTHER, 'datasetProperties', { name: 'refunds', customProperties: {} });
  const field = (fieldPath: string) => ({
    fieldPath,
    nullable: false,
    type: { type: { 'com.linkedin.schema.StringType': {} } },
    nativeDataType: 'VARCHAR',
    recursive: false,
  });
  await put(DATASET, 'schemaMetadata', {
    schemaName: 'orders',
    platform: 'urn:li:dataPlatform:snowflake',
    version: 0,
    hash: '',
    created: { time: 0, actor: SYSTEM_ACTOR },
    lastModified: { time: 0, actor: SYSTEM_ACTOR },
    platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
    fields: [field('id'), field('amount')],
  });
  await put(DATASET, 'ownership', { owners: [{ owner: OWNER, type: 'TECHNICAL_OWNER' }], lastModified: { time: 0, actor: SYSTEM_ACTOR } });
  await put(TIER, 'propertyDefinition', {
    qualifiedName: 'unit.tier',
    valueType: 'urn:li:dataType:datahub.string',
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:datahub.dataset'],
    allowedValues: [{ value: { string: 'gold' } }, { value: { string: 'silver' } }],
  });
  await put(ROWS, 'propertyDefinition', {
    qualifiedName: 'unit.rows',
    valueType: 'urn:li:dataType:datahub.number',
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:datahub.schemaField'],
  });
  await grantPolicy(services, 'form-admins', { type: 'PLATFORM', privileges: ['MANAGE_DOCUMENTATION_FORMS'], actors: { users: [ADMIN] } });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await drop?.();
});

const tierAnswer = (value: string) => ({
  formUrn: FORM,
  promptId: 'tier',
  type: 'STRUCTURED_PROPERTY',
  structuredPropertyParams: { structuredPropertyUrn: TIER, values: [{ stringValue: value }] },
});
const rowsAnswer = (fieldPath: string, n: number) => ({
  formUrn: FORM,
  promptId: 'rows',
  type: 'FIELDS_STRUCTURED_PROPERTY',
  fieldPath,
  structuredPropertyParams: { structuredPropertyUrn: ROWS, values: [{ numberValue: n }] },
});

describe('FormService', () => {
  it('creates a form under MANAGE_DOCUMENTATION_FORMS, checking its prompts', async () => {
    const input = {
      id: 'unit-review',
      name: 'Orders review',
      type: 'VERIFICATION',
      prompts: [
        { id: 'tier', title: 'Tier', type: 'STRUCTURED_PROPERTY', structuredPropertyParams: { urn: TIER }, required: true },
        { id: 'rows', title: 'Rows', type: 'FIELDS_STRUCTURED_PROPERTY', structuredPropertyParams: { urn: ROWS }, required: true },
      ],
    };
    await expectRefused(() => services.forms.create(input, READER), 'forbidden', 'Unable to create form. Please contact your admin.');
    await expectRefused(
      () => services.forms.create({ ...input, prompts: [{ title: 'x', type: 'STRUCTURED_PROPERTY' }] }, ADMIN),
      'bad_request',
      'Provided prompt with type STRUCTURED_PROPERTY or FIELDS_STRUCTURED_PROPERTY and no structured property params',
    );
    expect(await services.forms.create(input, ADMIN)).toBe(FORM);
    expect(await value(FORM, 'formInfo')).toEqual({
      name: 'Orders review',
      type: 'VERIFICATION',
      actors: { owners: true },
      prompts: [
        { id: 'tier', title: 'Tier', type: 'STRUCTURED_PROPERTY', required: true, structuredPropertyParams: { urn: TIER } },
        { id: 'rows', title: 'Rows', type: 'FIELDS_STRUCTURED_PROPERTY', required: true, structuredPropertyParams: { urn: ROWS } },
      ],
    });
    await expectRefused(() => services.forms.create(input, ADMIN), 'bad_request', `Form with urn ${FORM} already exists`);
  });

  it('assigns it to existing assets only, every prompt to answer', async () => {
    await expectRefused(() => services.forms.batchAssign(FORM, [DATASET], READER), 'forbidden', UNAUTHORIZED_MESSAGE);
    await expectRefused(
      () => services.forms.batchAssign(FORM, [DATASET, 'urn:li:dataset:(urn:li:dataPlatform:hive,ghost,PROD)'], ADMIN),
      'bad_request',
      /does not exist/,
    );
    expect(await services.forms.batchAssign(FORM, [DATASET, DATASET], ADMIN)).toEqual([DATASET]);
    const forms = await value(DATASET, 'forms');
    expect(ids(forms.incompleteForms)).toEqual([FORM]);
    expect(ids(forms.incompleteForms[0].incompletePrompts)).toEqual(['tier', 'rows']);
    expect(forms.completedForms).toEqual([]);
  });

  it('takes answers from the people the form asks, completing it once every required prompt is answered', async () => {
    await expectRefused(
      () => services.forms.submitPrompt(DATASET, tierAnswer('gold'), READER),
      'forbidden',
      `Failed to authorize form on entity as form with urn ${FORM} is not assigned to user`,
    );
    await expectRefused(
      () => services.forms.submitPrompt(DATASET, tierAnswer('bronze'), OWNER),
      'bad_request',
      `Value bronze is not allowed for structured property ${TIER}`,
    );
    expect(await services.forms.submitPrompt(DATASET, tierAnswer('gold'), OWNER)).toEqual([DATASET, DATASET]);
    expect((await value(DATASET, 'structuredProperties')).properties).toEqual([
      expect.objectContaining({ propertyUrn: TIER, values: [{ string: 'gold' }], lastModified: { time: 7_000, actor: OWNER } }),
    ]);
    await expectRefused(
      () => services.forms.verify(FORM, DATASET, OWNER),
      'bad_request',
      `Form ${FORM} is not in the list of completed forms for this entity. Skipping verification.`,
    );

    await services.forms.submitPrompt(DATASET, rowsAnswer('id', 1000), OWNER);
    expect(ids((await value(DATASET, 'forms')).incompleteForms)).toEqual([FORM]);
    await services.forms.submitPrompt(DATASET, rowsAnswer('amount', 500), OWNER);
    const forms = await value(DATASET, 'forms');
    expect([ids(forms.incompleteForms), ids(forms.completedForms)]).toEqual([[], [FORM]]);
    expect((await value(`urn:li:schemaField:(${DATASET},amount)`, 'structuredProperties')).properties[0]).toMatchObject({
      propertyUrn: ROWS,
      values: [{ double: 500 }],
    });

    await expectRefused(
      () => services.forms.verify(FORM, DATASET, READER),
      'forbidden',
      `Failed to authorize form on entity as form with urn ${FORM} is not assigned to user`,
    );
    await services.forms.verify(FORM, DATASET, OWNER);
    expect((await value(DATASET, 'forms')).verifications).toEqual([{ form: FORM, lastModified: { time: 7_000, actor: OWNER } }]);
  });

  it('a new required prompt reopens the form on its assets', async () => {
    await expectRefused(
      () => services.forms.update({ urn: FORM, name: 'x' }, READER),
      'forbidden',
      'Unable to update form. Please contact your admin.',
    );
    const pii = { id: 'pii', title: 'PII', type: 'STRUCTURED_PROPERTY', structuredPropertyParams: { urn: TIER }, required: true };
    await services.forms.update({ urn: FORM, name: 'Orders review v2', promptsToAdd: [pii] }, ADMIN);
    expect(await value(FORM, 'formInfo')).toMatchObject({
      name: 'Orders review v2',
      prompts: [{ id: 'tier' }, { id: 'rows' }, { id: 'pii' }],
    });
    // The asset's lists are placed again on its next change.
    await services.forms.submitPrompt(DATASET, tierAnswer('silver'), OWNER);
    expect(ids((await value(DATASET, 'forms')).incompleteForms)).toEqual([FORM]);
  });

  it('assigns by a filter, and deleting the form takes it off its assets', async () => {
    await expectRefused(() => services.forms.assignDynamically(FORM, [], READER), 'forbidden', UNAUTHORIZED_MESSAGE);
    const written = await services.forms.assignDynamically(
      FORM,
      [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:hive'] }] }],
      ADMIN,
    );
    expect(written).toEqual([FORM, OTHER]);
    expect((await value(FORM, 'dynamicFormAssignment')).filter.or[0].and[0]).toEqual({
      field: 'platform',
      values: ['urn:li:dataPlatform:hive'],
      condition: 'EQUAL',
      negated: false,
    });
    expect(ids((await value(OTHER, 'forms')).incompleteForms)).toEqual([FORM]);

    await expectRefused(() => services.forms.delete(FORM, READER), 'forbidden', 'Unable to delete form. Please contact your admin.');
    expect((await services.forms.delete(FORM, ADMIN)).sort()).toEqual([DATASET, FORM, OTHER].sort());
    expect(await value(FORM, 'formInfo')).toBeUndefined();
    for (const asset of [DATASET, OTHER]) {
      const forms = await value(asset, 'forms');
      expect([forms.incompleteForms, forms.completedForms, forms.verifications]).toEqual([[], [], []]);
    }
  });
});
