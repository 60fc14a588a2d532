/**
 * Business attributes (Pegasus `com.linkedin.businessattribute.*`): a reusable field definition, with
 * its description, tags and terms, that schema fields take on through their `businessAttributes` aspect.
 */
import { optional, record, string } from '../schema/dsl.js';
import { ChangeAuditStamps, CustomProperties } from '../schema/common.js';
import { EditableSchemaFieldInfo, SchemaFieldDataType } from './schema.js';
import { customPropertiesSearchable } from './shared.js';
import { aspect } from './aspect.js';

export const businessAttributeInfo = aspect({
  name: 'businessAttributeInfo',
  type: record(
    'com.linkedin.businessattribute.BusinessAttributeInfo',
    {
      name: string,
      type: optional(SchemaFieldDataType),
    },
    EditableSchemaFieldInfo,
    CustomProperties,
    ChangeAuditStamps,
  ),
  searchable: [
    customPropertiesSearchable,
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/description', fieldType: 'TEXT' },
    { path: '/globalTags/tags/*/tag', fieldName: 'tags', fieldType: 'URN', addToFilters: true, filterNameOverride: 'Tag' },
    {
      path: '/glossaryTerms/terms/*/urn',
      fieldName: 'glossaryTerms',
      fieldType: 'URN',
      addToFilters: true,
      filterNameOverride: 'Glossary Term',
    },
  ],
});

export const businessAttributeAspects = [businessAttributeInfo];
