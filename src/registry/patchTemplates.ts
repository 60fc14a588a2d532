/**
 * Patch templates: how a PATCH proposal (a JSON Patch list) is applied to each aspect, as data.
 *
 * DataHub (entity-registry `com.linkedin.metadata.aspect.patch.template.*`) patches an aspect through a
 * per-aspect template: arrays of records are first turned into maps keyed by identifying fields, so a
 * JSON Patch can address an item by key (`/tags/urn:li:tag:pii`, `/owners/<owner>/<type>`) instead of by
 * index; the patched maps are then turned back into arrays in the maps' insertion order. The engine that
 * does this lives in `write/patch.ts`; this file only says, per aspect, what the starting value is
 * and which arrays are keyed by what.
 */
import { SYSTEM_ACTOR } from '../actors.js';

/**
 * Joins the parts of a key field that lies inside a nested record of the item, e.g.
 * `attribution␟source` (DataHub's `ArrayMergingTemplate.UNIT_SEPARATOR_DELIMITER`, U+241F).
 */
export const KEY_PATH_SEPARATOR = '\u241f';

/** One array field that a template turns into a map for patching. */
export interface KeyedArraySpec {
  /** The array field of the record. */
  field: string;
  /**
   * Fields identifying an item, outermost first: the map is nested one level per key field, so a
   * path is `/<field>/<key1>/<key2>…`. A key field inside a nested record is written with
   * {@link KEY_PATH_SEPARATOR}; an item missing a key field is keyed by "". An empty list means the
   * array holds plain values (urns), each keyed by itself.
   */
  keys: readonly string[];
  /**
   * Records inside each item that are patched with another aspect's template (its keyed arrays and
   * required fields), e.g. a schema field's `globalTags` with the `globalTags` template.
   */
  itemTemplates?: Readonly<Record<string, string>>;
}

export interface PatchTemplate {
  aspect: string;
  /** The DataHub template this one follows (for the record). */
  source: string;
  /** The value patched when the aspect does not exist yet. `now` is the time of the write, in ms. */
  defaultValue(now: number): Record<string, unknown>;
  /** Array fields turned into maps while patching. */
  arrays: readonly KeyedArraySpec[];
  /**
   * `fineGrainedLineages` gets DataHub's special treatment: patched through paths
   * `/fineGrainedLineages/<transformOperation>/<downstream field urn>/<query urn or NONE>/<upstream urn>`
   * whose value is `{"confidenceScore": x}`.
   */
  fineGrainedLineages?: boolean;
  /** A required audit stamp field set to `{actor: system, time: now}` when missing (glossaryTerms). */
  requiredAuditStamp?: string;
}

const stamp = (now: number) => ({ actor: SYSTEM_ACTOR, time: now });
const changeStamps = (now: number) => ({ created: stamp(now), lastModified: stamp(now) });
const T = 'com.linkedin.metadata.aspect.patch.template.';

const templates: PatchTemplate[] = [
  // ---------------------------------------------------------------------------- common
  {
    aspect: 'globalTags',
    source: T + 'common.GlobalTagsTemplate',
    defaultValue: () => ({ tags: [] }),
    arrays: [{ field: 'tags', keys: ['tag'] }],
  },
  {
    // Newest DataHub keys terms by urn then attribution source (`/terms/<urn>/<source>`); older clients
    // send `/terms/<urn>` with the whole association, which the engine takes as the item itself.
    aspect: 'glossaryTerms',
    source: T + 'common.GlossaryTermsTemplate',
    defaultValue: (now) => ({ terms: [], auditStamp: stamp(now) }),
    arrays: [{ field: 'terms', keys: ['urn', `attribution${KEY_PATH_SEPARATOR}source`] }],
    requiredAuditStamp: 'auditStamp',
  },
  {
    // Clients send `/owners/<owner>/<ownership type>`; `/owners/<owner>` removes every type.
    aspect: 'ownership',
    source: T + 'common.OwnershipTemplate',
    defaultValue: (now) => ({ owners: [], lastModified: { time: now, actor: SYSTEM_ACTOR } }),
    arrays: [{ field: 'owners', keys: ['owner', 'type'] }],
  },
  {
    aspect: 'structuredProperties',
    source: T + 'common.StructuredPropertiesTemplate',
    defaultValue: () => ({ properties: [] }),
    arrays: [{ field: 'properties', keys: ['propertyUrn', `attribution${KEY_PATH_SEPARATOR}source`] }],
  },
  {
    aspect: 'siblings',
    source: T + 'common.SiblingsTemplate',
    defaultValue: () => ({ siblings: [], primary: false }),
    arrays: [{ field: 'siblings', keys: [] }],
  },
  {
    aspect: 'domains',
    source: T + 'common.DomainsTemplate',
    defaultValue: () => ({ domains: [] }),
    arrays: [{ field: 'domains', keys: [] }],
  },
  {
    aspect: 'documentation',
    source: T + 'common.DocumentationTemplate',
    defaultValue: () => ({ documentations: [] }),
    arrays: [{ field: 'documentations', keys: [`attribution${KEY_PATH_SEPARATOR}source`] }],
  },
  {
    aspect: 'institutionalMemory',
    source: T + 'common.InstitutionalMemoryTemplate',
    defaultValue: () => ({ elements: [] }),
    arrays: [{ field: 'elements', keys: ['url'] }],
  },
  {
    aspect: 'status',
    source: T + 'common.StatusTemplate',
    defaultValue: () => ({ removed: false }),
    arrays: [],
  },
  // ---------------------------------------------------------------------------- dataset
  {
    aspect: 'upstreamLineage',
    source: T + 'dataset.UpstreamLineageTemplate',
    defaultValue: () => ({ upstreams: [], fineGrainedLineages: [] }),
    arrays: [{ field: 'upstreams', keys: ['dataset'] }],
    fineGrainedLineages: true,
  },
  {
    // `tags` here is the deprecated plain string list; custom properties are a map already.
    aspect: 'datasetProperties',
    source: T + 'dataset.DatasetPropertiesTemplate',
    defaultValue: () => ({ tags: [], customProperties: {} }),
    arrays: [{ field: 'tags', keys: [] }],
  },
  {
    aspect: 'editableDatasetProperties',
    source: T + 'dataset.EditableDatasetPropertiesTemplate',
    defaultValue: () => ({}),
    arrays: [],
  },
  {
    // `/editableSchemaFieldInfo/<fieldPath>/globalTags/tags/<tag>`,
    // `/editableSchemaFieldInfo/<fieldPath>/glossaryTerms/terms/<term urn>`.
    aspect: 'editableSchemaMetadata',
    source: T + 'dataset.EditableSchemaMetadataTemplate',
    defaultValue: (now) => ({ created: stamp(now), lastModified: stamp(now), editableSchemaFieldInfo: [] }),
    arrays: [
      {
        field: 'editableSchemaFieldInfo',
        keys: ['fieldPath'],
        itemTemplates: { globalTags: 'globalTags', glossaryTerms: 'glossaryTerms' },
      },
    ],
  },
  // ---------------------------------------------------------------------------- chart, dashboard
  {
    aspect: 'chartInfo',
    source: T + 'chart.ChartInfoTemplate',
    defaultValue: (now) => ({ description: '', title: '', lastModified: changeStamps(now), inputEdges: [], inputs: [] }),
    arrays: [
      { field: 'inputEdges', keys: ['destinationUrn'] },
      { field: 'inputs', keys: [] },
    ],
  },
  {
    aspect: 'editableChartProperties',
    source: T + 'chart.EditableChartPropertiesTemplate',
    defaultValue: () => ({}),
    arrays: [],
  },
  {
    aspect: 'dashboardInfo',
    source: T + 'dashboard.DashboardInfoTemplate',
    defaultValue: (now) => ({
      title: '',
      description: '',
      lastModified: changeStamps(now),
      chartEdges: [],
      datasetEdges: [],
      datasets: [],
      charts: [],
    }),
    arrays: [
      { field: 'chartEdges', keys: ['destinationUrn'] },
      { field: 'datasetEdges', keys: ['destinationUrn'] },
      { field: 'dashboards', keys: ['destinationUrn'] },
      { field: 'datasets', keys: [] },
      { field: 'charts', keys: [] },
    ],
  },
  {
    aspect: 'editableDashboardProperties',
    source: T + 'dashboard.EditableDashboardPropertiesTemplate',
    defaultValue: () => ({}),
    arrays: [],
  },
  // ---------------------------------------------------------------------------- data flow, data job
  {
    aspect: 'dataFlowInfo',
    source: T + 'dataflow.DataFlowInfoTemplate',
    defaultValue: () => ({ customProperties: {} }),
    arrays: [],
  },
  {
    aspect: 'editableDataFlowProperties',
    source: T + 'dataflow.EditableDataFlowPropertiesTemplate',
    defaultValue: () => ({}),
    arrays: [],
  },
  {
    aspect: 'dataJobInfo',
    source: T + 'datajob.DataJobInfoTemplate',
    defaultValue: () => ({ customProperties: {} }),
    arrays: [],
  },
  {
    aspect: 'editableDataJobProperties',
    source: T + 'datajob.EditableDataJobPropertiesTemplate',
    defaultValue: () => ({}),
    arrays: [],
  },
  {
    // The deprecated `inputDatasets`, `outputDatasets` and `inputDatajobs` stay plain arrays, as in
    // DataHub: only the edge arrays and the field urn lists are keyed.
    aspect: 'dataJobInputOutput',
    source: T + 'datajob.DataJobInputOutputTemplate',
    defaultValue: () => ({
      inputDatajobEdges: [],
      inputDatasetEdges: [],
      outputDatasetEdges: [],
      fineGrainedLineages: [],
      inputDatasetFields: [],
      outputDatasetFields: [],
      inputDatajobs: [],
      inputDatasets: [],
      outputDatasets: [],
    }),
    arrays: [
      { field: 'inputDatajobEdges', keys: ['destinationUrn'] },
      { field: 'inputDatasetEdges', keys: ['destinationUrn'] },
      { field: 'outputDatasetEdges', keys: ['destinationUrn'] },
      { field: 'inputDatasetFields', keys: [] },
      { field: 'outputDatasetFields', keys: [] },
    ],
    fineGrainedLineages: true,
  },
  {
    aspect: 'dataProcessInstanceInput',
    source: T + 'dataprocessinstance.DataProcessInstanceInputTemplate',
    defaultValue: () => ({ inputs: [], inputEdges: [] }),
    arrays: [
      { field: 'inputs', keys: [] },
      { field: 'inputEdges', keys: ['destinationUrn'] },
    ],
  },
  {
    aspect: 'dataProcessInstanceOutput',
    source: T + 'dataprocessinstance.DataProcessInstanceOutputTemplate',
    defaultValue: () => ({ outputs: [], outputEdges: [] }),
    arrays: [
      { field: 'outputs', keys: [] },
      { field: 'outputEdges', keys: ['destinationUrn'] },
    ],
  },
  // ---------------------------------------------------------------------------- container, domain, glossary
  {
    aspect: 'editableContainerProperties',
    source: T + 'container.EditableContainerPropertiesTemplate',
    defaultValue: () => ({}),
    arrays: [],
  },
  {
    aspect: 'domainProperties',
    source: T + 'domain.DomainPropertiesTemplate',
    defaultValue: () => ({}),
    arrays: [],
  },
  {
    aspect: 'glossaryTermInfo',
    source: T + 'glossary.GlossaryTermInfoTemplate',
    defaultValue: () => ({ definition: '', termSource: 'INTERNAL', customProperties: {} }),
    arrays: [],
  },
  {
    aspect: 'glossaryNodeInfo',
    source: T + 'glossary.GlossaryNodeInfoTemplate',
    defaultValue: () => ({ definition: '', customProperties: {} }),
    arrays: [],
  },
  {
    aspect: 'glossaryRelatedTerms',
    source: T + 'glossary.GlossaryRelatedTermsTemplate',
    defaultValue: () => ({}),
    arrays: [
      { field: 'isRelatedTerms', keys: [] },
      { field: 'hasRelatedTerms', keys: [] },
      { field: 'values', keys: [] },
      { field: 'relatedTerms', keys: [] },
    ],
  },
];

/** The templates by aspect name. */
export const PATCH_TEMPLATES: ReadonlyMap<string, PatchTemplate> = new Map(templates.map((t) => [t.aspect, t]));

/** The template of an aspect, if PATCH proposals are accepted for it. */
export function patchTemplate(aspectName: string): PatchTemplate | undefined {
  return PATCH_TEMPLATES.get(aspectName);
}
