/**
 * Business glossary (Pegasus `com.linkedin.glossary.*`).
 */
import { arrayOf, optional, record, string, urn } from '../schema/dsl.js';
import { AuditStamp, CustomProperties } from '../schema/common.js';
import { customPropertiesSearchable } from './shared.js';
import { aspect } from './aspect.js';

const G = 'com.linkedin.glossary.';

export const glossaryTermInfo = aspect({
  name: 'glossaryTermInfo',
  type: record(
    `${G}GlossaryTermInfo`,
    {
      id: optional(string),
      name: optional(string),
      definition: string,
      parentNode: optional(urn),
      termSource: string,
      sourceRef: optional(string),
      sourceUrl: optional(string),
      rawSchema: optional(string),
    },
    CustomProperties,
  ),
  searchable: [
    customPropertiesSearchable,
    { path: '/id', fieldType: 'TEXT_PARTIAL' },
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/definition', fieldType: 'TEXT' },
    { path: '/parentNode', fieldType: 'URN', hasValuesFieldName: 'hasParentNode' },
    { path: '/termSource', fieldType: 'KEYWORD' },
    { path: '/sourceRef', fieldType: 'KEYWORD' },
  ],
  relationships: [{ path: '/parentNode', name: 'IsPartOf', entityTypes: ['glossaryNode'] }],
});

export const glossaryNodeInfo = aspect({
  name: 'glossaryNodeInfo',
  type: record(
    `${G}GlossaryNodeInfo`,
    {
      definition: string,
      parentNode: optional(urn),
      name: optional(string),
      id: optional(string),
    },
    CustomProperties,
  ),
  searchable: [
    customPropertiesSearchable,
    { path: '/definition', fieldType: 'TEXT' },
    { path: '/parentNode', fieldType: 'URN', hasValuesFieldName: 'hasParentNode' },
    { path: '/name', fieldName: 'displayName', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/id', fieldType: 'TEXT_PARTIAL' },
  ],
  relationships: [{ path: '/parentNode', name: 'IsPartOf', entityTypes: ['glossaryNode'] }],
});

export const glossaryRelatedTerms = aspect({
  name: 'glossaryRelatedTerms',
  type: record(`${G}GlossaryRelatedTerms`, {
    auditStamp: optional(AuditStamp),
    isRelatedTerms: optional(arrayOf(urn)),
    hasRelatedTerms: optional(arrayOf(urn)),
    values: optional(arrayOf(urn)),
    relatedTerms: optional(arrayOf(urn)),
  }),
  searchable: [
    { path: '/isRelatedTerms/*', fieldName: 'isRelatedTerms', fieldType: 'URN', boostScore: 2 },
    { path: '/hasRelatedTerms/*', fieldName: 'hasRelatedTerms', fieldType: 'URN', boostScore: 2 },
    { path: '/values/*', fieldName: 'values', fieldType: 'URN', boostScore: 2 },
    { path: '/relatedTerms/*', fieldName: 'relatedTerms', fieldType: 'URN', boostScore: 2 },
  ],
  relationships: [
    { path: '/isRelatedTerms/*', name: 'IsA', entityTypes: ['glossaryTerm'] },
    { path: '/hasRelatedTerms/*', name: 'HasA', entityTypes: ['glossaryTerm'] },
    { path: '/values/*', name: 'HasValue', entityTypes: ['glossaryTerm'] },
    { path: '/relatedTerms/*', name: 'IsRelatedTo', entityTypes: ['glossaryTerm'] },
  ],
});

export const glossaryAspects = [glossaryTermInfo, glossaryNodeInfo, glossaryRelatedTerms];
