import { describe, expect, it } from 'vitest';
import { RawJson, serializeJson } from './rawJson.js';

/** Values JSON.stringify treats each in its own way. */
const awkward: Record<string, unknown> = {
  text: 'plain',
  escapes: 'quote " backslash \\ newline \n tab \t nul-free control \u0001 \u001f del \u007f',
  unicode: 'Zürich 日本語 🚀 \u2028 \u2029',
  loneSurrogates: 'a\ud800b\udfffc',
  numbers: [0, -0, 1.5, -2e-7, 1e21, 123456789012345680000, Number.MAX_SAFE_INTEGER, Number.NaN, Number.POSITIVE_INFINITY],
  booleans: [true, false],
  nothing: null,
  left: undefined,
  fn: () => 1,
  holes: [undefined, () => 1, Symbol('s')],
  empty: { object: {}, array: [] },
  nested: { a: { b: { c: [{ d: 'deep' }] } } },
  '10': 'integer-like keys go first',
  'key with "quotes"': 1,
  date: new Date(0),
  withToJSON: { toJSON: () => 'replaced' },
  ownProto: JSON.parse('{"__proto__":{"x":1},"constructor":"c"}'),
  nullProto: Object.assign(Object.create(null) as object, { x: 1 }),
  map: new Map([['a', 1]]),
  boxed: [new String('s'), new Number(2), new Boolean(false)],
};

describe('serializeJson', () => {
  it('writes exactly what JSON.stringify writes, when there is no RawJson in the value', () => {
    expect(serializeJson(awkward)).toBe(JSON.stringify(awkward));
    for (const v of [null, 'x', 1, true, [], {}, [undefined], awkward.nested, awkward.numbers])
      expect(serializeJson(v)).toBe(JSON.stringify(v));
  });

  it('splices each RawJson as its text, wherever it is', () => {
    const stored = JSON.stringify(awkward);
    const body = { urn: 'u', aspects: { a: { value: new RawJson(stored), list: [new RawJson('1'), new RawJson('"s"')] } } };
    const text = serializeJson(body);
    expect(text).toBe(`{"urn":"u","aspects":{"a":{"value":${stored},"list":[1,"s"]}}}`);
    // The same text as parsing the stored JSON and serializing it all again (RawJson.toJSON).
    expect(text).toBe(JSON.stringify(body));
    expect(JSON.parse(text).aspects.a.value).toEqual(JSON.parse(stored));
  });

  it('keeps stored text verbatim, digits JavaScript would round included', () => {
    const text = serializeJson({ value: new RawJson('{"big":12345678901234567890123,"small":1E-7}') });
    expect(text).toBe('{"value":{"big":12345678901234567890123,"small":1E-7}}');
    expect(JSON.parse(text).value).toEqual({ big: Number('12345678901234567890123'), small: 1e-7 });
  });
});
