/**
 * Forms: the questions (prompts) a data owner answers about an asset, and the dynamic assignment of a
 * form to the assets a filter matches. Shapes and searchable fields as DataHub's `form` models.
 */
import { any, arrayOf, boolean, enumOf, optional, record, string, urn, withDefault } from '../schema/dsl.js';
import { aspect } from './aspect.js';

const F = 'com.linkedin.form.';

export const formInfo = aspect({
  name: 'formInfo',
  // DataHub's structured-properties example (test_structured_properties.json) sends it.
  dropped: ['verification'],
  type: record(`${F}FormInfo`, {
    name: string,
    description: optional(string),
    type: withDefault(enumOf(`${F}FormType`, ['COMPLETION', 'VERIFICATION']), 'COMPLETION'),
    prompts: withDefault(
      arrayOf(
        record(`${F}FormPrompt`, {
          id: string,
          title: string,
          description: optional(string),
          type: enumOf(`${F}FormPromptType`, ['STRUCTURED_PROPERTY', 'FIELDS_STRUCTURED_PROPERTY']),
          structuredPropertyParams: optional(record(`${F}StructuredPropertyParams`, { urn })),
          required: withDefault(boolean, false),
        }),
      ),
      [],
    ),
    actors: withDefault(
      record(`${F}FormActorAssignment`, {
        owners: withDefault(boolean, true),
        groups: optional(arrayOf(urn)),
        users: optional(arrayOf(urn)),
      }),
      { owners: true },
    ),
  }),
  searchable: [
    { path: '/name', fieldType: 'TEXT_PARTIAL' },
    { path: '/type', fieldType: 'KEYWORD' },
    { path: '/prompts/*/id', fieldName: 'promptId', fieldType: 'KEYWORD', queryByDefault: false },
    { path: '/prompts/*/structuredPropertyParams/urn', fieldName: 'structuredPropertyPromptUrns', fieldType: 'URN' },
    { path: '/actors/owners', fieldName: 'isOwnershipForm', fieldType: 'BOOLEAN' },
    { path: '/actors/groups/*', fieldName: 'assignedGroups', fieldType: 'URN' },
    { path: '/actors/users/*', fieldName: 'assignedUsers', fieldType: 'URN' },
  ],
});

export const dynamicFormAssignment = aspect({
  name: 'dynamicFormAssignment',
  type: record(`${F}DynamicFormAssignment`, { filter: any }),
});

export const formAspects = [formInfo, dynamicFormAssignment];
