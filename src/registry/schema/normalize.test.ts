import { describe, expect, it } from 'vitest';
import { arrayOf, double, enumOf, long, mapOf, optional, record, string, union, urn } from './dsl.js';
import { normalize } from './normalize.js';

const Stamp = record('com.linkedin.common.AuditStamp', { time: long, actor: urn, impersonator: optional(urn) });
const JobType = enumOf('com.linkedin.datajob.azkaban.AzkabanJobType', ['COMMAND', 'SQL']);
const Info = record('com.linkedin.test.Info', {
  name: string,
  description: optional(string),
  created: optional(Stamp),
  inputs: optional(arrayOf(union(urn))),
  type: optional(union(JobType, string)),
  cost: optional(union(['costId', double], ['costCode', string])),
  props: optional(mapOf(string)),
  schema: optional(union(record('com.linkedin.schema.KafkaSchema', { documentSchema: string }))),
});

describe('normalize', () => {
  it('is the identity on Pegasus JSON', () => {
    const value = {
      name: 'n',
      description: 'd',
      created: { time: 1, actor: 'urn:li:corpuser:a' },
      inputs: [{ string: 'urn:li:dataset:(urn:li:dataPlatform:a,b,PROD)' }],
      type: { string: 'custom' },
      cost: { costCode: 'x' },
      props: { string: 'a map key named string' },
      schema: { 'com.linkedin.schema.KafkaSchema': { documentSchema: '{}' } },
      unknownField: { nested: true },
    };
    expect(normalize(Info, structuredClone(value))).toEqual(value);
  });

  it('reads Avro JSON: wrapped optionals, nulls, pegasus2avro names, field discriminators, bare union members', () => {
    const avro = {
      name: 'n',
      description: { string: 'd' },
      created: { 'com.linkedin.pegasus2avro.common.AuditStamp': { time: 1, actor: 'urn:li:corpuser:a', impersonator: null } },
      inputs: ['urn:li:dataset:(urn:li:dataPlatform:a,b,PROD)'],
      type: 'SQL',
      cost: { fieldDiscriminator: 'costCode', costCode: 'x', costId: null },
      schema: { 'com.linkedin.pegasus2avro.schema.KafkaSchema': { documentSchema: '{}' } },
      extra: null,
    };
    expect(normalize(Info, avro)).toEqual({
      name: 'n',
      description: 'd',
      created: { time: 1, actor: 'urn:li:corpuser:a' },
      inputs: [{ string: 'urn:li:dataset:(urn:li:dataPlatform:a,b,PROD)' }],
      type: { 'com.linkedin.datajob.azkaban.AzkabanJobType': 'SQL' },
      cost: { costCode: 'x' },
      schema: { 'com.linkedin.schema.KafkaSchema': { documentSchema: '{}' } },
    });
  });

  it('wraps a bare union value in the first member that can hold it', () => {
    expect(normalize(Info, { name: 'n', type: 'SPARK' })).toEqual({ name: 'n', type: { string: 'SPARK' } });
  });
});
