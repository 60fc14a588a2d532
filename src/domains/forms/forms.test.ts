/**
 * Documentation forms through the service alone: a form is created, assigned to a dataset, answered
 * by the dataset's owner (a field prompt field by field) until it is complete, verified, and deleted,
 * which takes it off the dataset. Those without the privilege, or whom the form does not ask, are
 * refused and nothing is written.
 */
import { describe, expect, it } from 'vitest';
import { putFormFixture } from '../../../test/formFixture.js';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';
import type { CreateFormInput, PromptInput } from './forms.js';

type Json = any;

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,unit.orders,PROD)';
const OTHER = 'urn:li:dataset:(urn:li:dataPlatform:hive,unit.refunds,PROD)';
const TIER = 'urn:li:structuredProperty:unit.tier';
const ROWS = 'urn:li:structuredProperty:unit.rows';
const ADMIN = 'urn:li:corpuser:unit.admin';
const OWNER = 'urn:li:corpuser:unit.owner';
const READER = 'urn:li:corpuser:unit.reader';
const FORM = 'urn:li:form:unit-review';

const c = serviceCatalogForFile(
  async ({ put, grant }) => {
    await putFormFixture(put, { dataset: DATASET, other: OTHER, owner: OWNER, tier: TIER, rows: ROWS });
    await grant('form-admins', { type: 'PLATFORM', privileges: ['MANAGE_DOCUMENTATION_FORMS'], actors: { users: [ADMIN] } });
  },
  { now: () => 7_000 },
);

const ids = (list: Json[] | undefined) => (list ?? []).map((x: Json) => x.urn ?? x.id ?? x.form);

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
    const input: CreateFormInput = {
      id: 'unit-review',
      name: 'Orders review',
      type: 'VERIFICATION',
      prompts: [
        { id: 'tier', title: 'Tier', type: 'STRUCTURED_PROPERTY', structuredPropertyParams: { urn: TIER }, required: true },
        { id: 'rows', title: 'Rows', type: 'FIELDS_STRUCTURED_PROPERTY', structuredPropertyParams: { urn: ROWS }, required: true },
      ],
    };
    await c.fails('forbidden', 'Unable to create form. Please contact your admin.', () => c.services.forms.create(input, READER));
    await c.fails(
      'bad_request',
      'Provided prompt with type STRUCTURED_PROPERTY or FIELDS_STRUCTURED_PROPERTY and no structured property params',
      () => c.services.forms.create({ ...input, prompts: [{ title: 'x', type: 'STRUCTURED_PROPERTY' }] }, ADMIN),
    );
    expect(await c.services.forms.create(input, ADMIN)).toBe(FORM);
    expect(await c.value(FORM, 'formInfo')).toEqual({
      name: 'Orders review',
      type: 'VERIFICATION',
      actors: { owners: true },
      prompts: [
        { id: 'tier', title: 'Tier', type: 'STRUCTURED_PROPERTY', required: true, structuredPropertyParams: { urn: TIER } },
        { id: 'rows', title: 'Rows', type: 'FIELDS_STRUCTURED_PROPERTY', required: true, structuredPropertyParams: { urn: ROWS } },
      ],
    });
    await c.fails('bad_request', `Form with urn ${FORM} already exists`, () => c.services.forms.create(input, ADMIN));
  });

  it('assigns it to existing assets only, every prompt to answer', async () => {
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => c.services.forms.batchAssign(FORM, [DATASET], READER));
    await c.fails('bad_request', /does not exist/, () =>
      c.services.forms.batchAssign(FORM, [DATASET, 'urn:li:dataset:(urn:li:dataPlatform:hive,ghost,PROD)'], ADMIN),
    );
    expect(await c.services.forms.batchAssign(FORM, [DATASET, DATASET], ADMIN)).toEqual([DATASET]);
    const forms = await c.value(DATASET, 'forms');
    expect(ids(forms.incompleteForms)).toEqual([FORM]);
    expect(ids(forms.incompleteForms[0].incompletePrompts)).toEqual(['tier', 'rows']);
    expect(forms.completedForms).toEqual([]);
  });

  it('takes answers from the people the form asks, completing it once every required prompt is answered', async () => {
    await c.fails('forbidden', `Failed to authorize form on entity as form with urn ${FORM} is not assigned to user`, () =>
      c.services.forms.submitPrompt(DATASET, tierAnswer('gold'), READER),
    );
    await c.fails('bad_request', `Value bronze is not allowed for structured property ${TIER}`, () =>
      c.services.forms.submitPrompt(DATASET, tierAnswer('bronze'), OWNER),
    );
    expect(await c.services.forms.submitPrompt(DATASET, tierAnswer('gold'), OWNER)).toEqual([DATASET, DATASET]);
    expect((await c.value(DATASET, 'structuredProperties')).properties).toEqual([
      expect.objectContaining({ propertyUrn: TIER, values: [{ string: 'gold' }], lastModified: { time: 7_000, actor: OWNER } }),
    ]);
    await c.fails('bad_request', `Form ${FORM} is not in the list of completed forms for this entity. Skipping verification.`, () =>
      c.services.forms.verify(FORM, DATASET, OWNER),
    );

    await c.services.forms.submitPrompt(DATASET, rowsAnswer('id', 1000), OWNER);
    expect(ids((await c.value(DATASET, 'forms')).incompleteForms)).toEqual([FORM]);
    await c.services.forms.submitPrompt(DATASET, rowsAnswer('amount', 500), OWNER);
    const forms = await c.value(DATASET, 'forms');
    expect([ids(forms.incompleteForms), ids(forms.completedForms)]).toEqual([[], [FORM]]);
    expect((await c.value(`urn:li:schemaField:(${DATASET},amount)`, 'structuredProperties')).properties[0]).toMatchObject({
      propertyUrn: ROWS,
      values: [{ double: 500 }],
    });

    await c.fails('forbidden', `Failed to authorize form on entity as form with urn ${FORM} is not assigned to user`, () =>
      c.services.forms.verify(FORM, DATASET, READER),
    );
    await c.services.forms.verify(FORM, DATASET, OWNER);
    expect((await c.value(DATASET, 'forms')).verifications).toEqual([{ form: FORM, lastModified: { time: 7_000, actor: OWNER } }]);
  });

  it('a new required prompt reopens the form on its assets', async () => {
    await c.fails('forbidden', 'Unable to update form. Please contact your admin.', () =>
      c.services.forms.update({ urn: FORM, name: 'x' }, READER),
    );
    const pii: PromptInput = {
      id: 'pii',
      title: 'PII',
      type: 'STRUCTURED_PROPERTY',
      structuredPropertyParams: { urn: TIER },
      required: true,
    };
    await c.services.forms.update({ urn: FORM, name: 'Orders review v2', promptsToAdd: [pii] }, ADMIN);
    expect(await c.value(FORM, 'formInfo')).toMatchObject({
      name: 'Orders review v2',
      prompts: [{ id: 'tier' }, { id: 'rows' }, { id: 'pii' }],
    });
    // The asset's lists are placed again on its next change.
    await c.services.forms.submitPrompt(DATASET, tierAnswer('silver'), OWNER);
    expect(ids((await c.value(DATASET, 'forms')).incompleteForms)).toEqual([FORM]);
  });

  it('assigns by a filter, and deleting the form takes it off its assets', async () => {
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => c.services.forms.assignDynamically(FORM, [], READER));
    const written = await c.services.forms.assignDynamically(
      FORM,
      [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:hive'] }] }],
      ADMIN,
    );
    expect(written).toEqual([FORM, OTHER]);
    expect((await c.value(FORM, 'dynamicFormAssignment')).filter.or[0].and[0]).toEqual({
      field: 'platform',
      values: ['urn:li:dataPlatform:hive'],
      condition: 'EQUAL',
      negated: false,
    });
    expect(ids((await c.value(OTHER, 'forms')).incompleteForms)).toEqual([FORM]);

    await c.fails('forbidden', 'Unable to delete form. Please contact your admin.', () => c.services.forms.delete(FORM, READER));
    expect((await c.services.forms.delete(FORM, ADMIN)).sort()).toEqual([DATASET, FORM, OTHER].sort());
    expect(await c.value(FORM, 'formInfo')).toBeUndefined();
    for (const asset of [DATASET, OTHER]) {
      const forms = await c.value(asset, 'forms');
      expect([forms.incompleteForms, forms.completedForms, forms.verifications]).toEqual([[], [], []]);
    }
  });
});
