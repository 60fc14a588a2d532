/** What a run of a process records beyond its run events: an ML training run's parameters and metrics. */
import { arrayOf, optional, record, string } from '../schema/dsl.js';
import { CustomProperties, ExternalReference } from '../schema/common.js';
import { MLHyperParam, MLMetric } from './ml.js';
import { customPropertiesSearchable, externalUrlSearchable } from './shared.js';
import { aspect } from './aspect.js';

export const mlTrainingRunProperties = aspect({
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
});

export const runAspects = [mlTrainingRunProperties];
