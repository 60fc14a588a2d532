/**
 * The entity types the UI knows by name, as data: GraphQL's enum value, the urn's type, what people
 * call it, and whether it has a page of its own here. Everything per type is read from this table.
 */
import {
  UPDATE_CHART_DESCRIPTION,
  UPDATE_DASHBOARD_DESCRIPTION,
  UPDATE_DATA_FLOW_DESCRIPTION,
  UPDATE_DATA_JOB_DESCRIPTION,
  UPDATE_DATASET_DESCRIPTION,
} from '../graphql/mutations';

export interface EntityTypeInfo {
  /** GraphQL `EntityType`. */
  type: string;
  /** The urn's entity type (`urn:li:<entity>:…`). */
  entity: string;
  label: string;
  plural: string;
  /** Offered as a filter and counted on the home page. */
  searchable: boolean;
  /** Its description is edited here (DataHub's updateDescription takes it). */
  describable?: false;
  /** The mutation that sets its description, where updateDescription does not take it. */
  describedBy?: string;
}

export const ENTITY_TYPES: readonly EntityTypeInfo[] = [
  { type: 'DATASET', entity: 'dataset', label: 'Dataset', plural: 'Datasets', searchable: true, describedBy: UPDATE_DATASET_DESCRIPTION },
  {
    type: 'DASHBOARD',
    entity: 'dashboard',
    label: 'Dashboard',
    plural: 'Dashboards',
    searchable: true,
    describedBy: UPDATE_DASHBOARD_DESCRIPTION,
  },
  { type: 'CHART', entity: 'chart', label: 'Chart', plural: 'Charts', searchable: true, describedBy: UPDATE_CHART_DESCRIPTION },
  {
    type: 'DATA_FLOW',
    entity: 'dataFlow',
    label: 'Pipeline',
    plural: 'Pipelines',
    searchable: true,
    describedBy: UPDATE_DATA_FLOW_DESCRIPTION,
  },
  { type: 'DATA_JOB', entity: 'dataJob', label: 'Task', plural: 'Tasks', searchable: true, describedBy: UPDATE_DATA_JOB_DESCRIPTION },
  { type: 'CONTAINER', entity: 'container', label: 'Container', plural: 'Containers', searchable: true },
  { type: 'DOMAIN', entity: 'domain', label: 'Domain', plural: 'Domains', searchable: true },
  { type: 'DATA_PRODUCT', entity: 'dataProduct', label: 'Data product', plural: 'Data products', searchable: true },
  { type: 'GLOSSARY_TERM', entity: 'glossaryTerm', label: 'Glossary term', plural: 'Glossary terms', searchable: true },
  { type: 'GLOSSARY_NODE', entity: 'glossaryNode', label: 'Term group', plural: 'Term groups', searchable: true },
  { type: 'TAG', entity: 'tag', label: 'Tag', plural: 'Tags', searchable: true },
  { type: 'CORP_USER', entity: 'corpuser', label: 'User', plural: 'Users', searchable: true, describable: false },
  { type: 'CORP_GROUP', entity: 'corpGroup', label: 'Group', plural: 'Groups', searchable: true },
  { type: 'MLMODEL', entity: 'mlModel', label: 'ML model', plural: 'ML models', searchable: true },
  { type: 'MLFEATURE_TABLE', entity: 'mlFeatureTable', label: 'Feature table', plural: 'Feature tables', searchable: true },
  { type: 'DATA_PLATFORM', entity: 'dataPlatform', label: 'Platform', plural: 'Platforms', searchable: false },
  { type: 'DATA_PROCESS_INSTANCE', entity: 'dataProcessInstance', label: 'Run', plural: 'Runs', searchable: false },
  { type: 'SCHEMA_FIELD', entity: 'schemaField', label: 'Column', plural: 'Columns', searchable: false },
];

const BY_TYPE = new Map(ENTITY_TYPES.map((t) => [t.type, t]));
const BY_ENTITY = new Map(ENTITY_TYPES.map((t) => [t.entity, t]));

export const SEARCHABLE_TYPES = ENTITY_TYPES.filter((t) => t.searchable).map((t) => t.type);

export function typeInfo(type: string): EntityTypeInfo {
  return BY_TYPE.get(type) ?? { type, entity: type, label: humanize(type), plural: humanize(type), searchable: false };
}

/** The urn's type, e.g. `dataset` for `urn:li:dataset:(…)`. */
export function entityOfUrn(urn: string): string {
  return /^urn:li:([^:]+):/.exec(urn)?.[1] ?? '';
}

export function typeOfUrn(urn: string): EntityTypeInfo | undefined {
  return BY_ENTITY.get(entityOfUrn(urn));
}

export function humanize(text: string): string {
  const words = text.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The part of a urn people recognise when nothing better is known: the name inside a dataset urn, the id otherwise. */
export function nameFromUrn(urn: string): string {
  const rest = urn.replace(/^urn:li:[^:]+:/, '');
  const tuple = /^\((.*)\)$/.exec(rest);
  if (!tuple) return rest;
  const parts = tuple[1]!.split(',');
  return parts.length >= 2 ? parts[parts.length - 2]! : rest;
}
