/**
 * The entity types of ingestion managed from the app. Recipes may hold credentials and secrets are
 * credentials, so each is seen only by those who manage them (DataHub's MANAGE_INGESTION and
 * MANAGE_SECRETS), through every read.
 */
import type { EntityDecl } from './types.js';

export const ingestionEntityDecls: EntityDecl[] = [
  {
    name: 'dataHubIngestionSource',
    category: 'internal',
    keyAspect: 'dataHubIngestionSourceKey',
    readPrivilege: 'MANAGE_INGESTION',
    aspects: ['dataHubIngestionSourceInfo', 'ownership'],
  },
  {
    name: 'dataHubSecret',
    category: 'internal',
    keyAspect: 'dataHubSecretKey',
    readPrivilege: 'MANAGE_SECRETS',
    aspects: ['dataHubSecretValue'],
  },
  {
    name: 'dataHubExecutionRequest',
    category: 'internal',
    keyAspect: 'dataHubExecutionRequestKey',
    readPrivilege: 'MANAGE_INGESTION',
    graphql: { type: 'ExecutionRequest', enum: 'EXECUTION_REQUEST' },
    aspects: ['dataHubExecutionRequestInput', 'dataHubExecutionRequestSignal', 'dataHubExecutionRequestResult'],
  },
];
