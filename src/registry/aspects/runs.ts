/** What a run of a process records beyond its run events: an ML training run's parameters and metrics. */
import { arrayOf, optional, record, string } from '../schema/dsl.js';
import { CustomProperties, ExternalReference } from '../schema/common.js';
import type { AspectDecl } from '../types.js';
import { MLHyperParam, MLMetric } from './ml.js';
import { customPropertiesSearchable, externalUrlSearchable } from './shared.js';

export const mlTrainingRunProperties: AspectDecl = {
  name: 'mlTrainingRunProperties',
  type: record(
    'com.linkedin.ml.metadata.MLTrainingRunProperties',
    {
      id: optional(string),
      outputUrls: optional(arrayOf(string)),
      hyperParams: optional(arrayOf(MLHyperParam)),
      trainingMetrics: optional(arrayOf(MLMetric)),
    },
    CustomProperties,
    ExternalReference,
  ),
  searchable: [customPropertiesSearchable, externalUrlSearchable],
};

export const runAspects: AspectDecl[] = [mlTrainingRunProperties];
