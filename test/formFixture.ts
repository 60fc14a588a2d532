/**
 * What a documentation form is tried on, by the form service's tests and the app's alike: a dataset
 * with two columns and an owner to answer for it, another dataset, and the two structured properties
 * the form's prompts ask for (one of the dataset, one of its columns).
 */
import { SYSTEM_ACTOR } from '../src/actors.js';

export interface FormFixture {
  /** `orders`, with the columns `id` and `amount`, owned by `owner`. */
  dataset: string;
  /** `refunds`, with no schema and no owner. */
  other: string;
  owner: string;
  /** A string property of datasets, `gold` or `silver`. */
  tier: string;
  /** A number property of columns. */
  rows: string;
}

type Put = (urn: string, aspect: string, value: unknown) => Promise<unknown>;

const PROPERTY = 'urn:li:structuredProperty:';

export async function putFormFixture(put: Put, { dataset, other, owner, tier, rows }: FormFixture): Promise<void> {
  await put(dataset, 'datasetProperties', { name: 'orders', customProperties: {} });
  await put(other, 'datasetProperties', { name: 'refunds', customProperties: {} });
  const field = (fieldPath: string) => ({
    fieldPath,
    nullable: false,
    type: { type: { 'com.linkedin.schema.StringType': {} } },
    nativeDataType: 'VARCHAR',
    recursive: false,
  });
  await put(dataset, 'schemaMetadata', {
    schemaName: 'orders',
    platform: 'urn:li:dataPlatform:snowflake',
    version: 0,
    hash: '',
    created: { time: 0, actor: SYSTEM_ACTOR },
    lastModified: { time: 0, actor: SYSTEM_ACTOR },
    platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
    fields: [field('id'), field('amount')],
  });
  await put(dataset, 'ownership', { owners: [{ owner, type: 'TECHNICAL_OWNER' }], lastModified: { time: 0, actor: SYSTEM_ACTOR } });
  await put(tier, 'propertyDefinition', {
    qualifiedName: tier.slice(PROPERTY.length),
    valueType: 'urn:li:dataType:datahub.string',
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:datahub.dataset'],
    allowedValues: [{ value: { string: 'gold' } }, { value: { string: 'silver' } }],
  });
  await put(rows, 'propertyDefinition', {
    qualifiedName: rows.slice(PROPERTY.length),
    valueType: 'urn:li:dataType:datahub.number',
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:datahub.schemaField'],
  });
}
