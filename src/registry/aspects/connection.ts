/**
 * Connections (Pegasus `com.linkedin.connection.*`): the stored details of a connection to an outside
 * system, kept as a JSON blob.
 */
import { enumOf, optional, record, string } from '../schema/dsl.js';
import { aspect } from './aspect.js';

export const dataHubConnectionDetails = aspect({
  name: 'dataHubConnectionDetails',
  type: record('com.linkedin.connection.DataHubConnectionDetails', {
    type: enumOf('com.linkedin.connection.DataHubConnectionDetailsType', ['JSON']),
    name: optional(string),
    json: optional(record('com.linkedin.connection.DataHubJsonConnection', { encryptedBlob: string })),
  }),
  searchable: [
    { path: '/type', fieldType: 'KEYWORD' },
    { path: '/name', fieldType: 'TEXT_PARTIAL', enableAutocomplete: true, boostScore: 10 },
  ],
});

export const connectionAspects = [dataHubConnectionDetails];
