/**
 * Domains (Pegasus `com.linkedin.domain.*`): the `domains` assignment aspect of assets and the domain
 * entity's properties.
 */
import { arrayOf, optional, record, string, urn } from '../schema/dsl.js';
import { AuditStamp, CustomProperties } from '../schema/common.js';
import { customPropertiesSearchable } from './shared.js';
import { aspect } from './aspect.js';

const DM = 'com.linkedin.domain.';

export const domains = aspect({
  name: 'domains',
  type: record(`${DM}Domains`, {
    domains: arrayOf(urn),
  }),
  searchable: [
    {
      path: '/domains/*',
      fieldName: 'domains',
      fieldType: 'URN',
      addToFilters: true,
      filterNameOverride: 'Domain',
      hasValuesFieldName: 'hasDomain',
    },
  ],
  relationships: [{ path: '/domains/*', name: 'AssociatedWith', entityTypes: ['domain'] }],
});

export const domainProperties = aspect({
  name: 'domainProperties',
  type: record(
    `${DM}DomainProperties`,
    {
      name: string,
      description: optional(string),
      created: optional(AuditStamp),
      parentDomain: optional(urn),
    },
    CustomProperties,
  ),
  searchable: [
    customPropertiesSearchable,
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' },
    { path: '/created/time', fieldName: 'createdTime', fieldType: 'DATETIME' },
    { path: '/parentDomain', fieldType: 'URN', hasValuesFieldName: 'hasParentDomain' },
  ],
  relationships: [{ path: '/parentDomain', name: 'IsPartOf', entityTypes: ['domain'] }],
});

export const domainAspects = [domains, domainProperties];
