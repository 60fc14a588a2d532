import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseJson, scanJson } from './json.js';

describe('scanJson', () => {
  it('measures nesting, not counting brackets inside strings or after escaped quotes', () => {
    expect(scanJson('{"a": [1, {"b": [[]]}]}').depth).toBe(5);
    expect(scanJson('{"a": "[[[[{{{{"}').depth).toBe(1);
    expect(scanJson('{"a": "say \\"[[[[\\" twice", "b": [[]]}').depth).toBe(3);
    expect(scanJson('{"a": "ends in a backslash \\\\", "b": [[[]]]}').depth).toBe(4);
    expect(scanJson('"just a string"').depth).toBe(0);
  });

  it('finds a NUL escape in a string, but not an escaped backslash before u0000', () => {
    expect(scanJson('{"a": "x\\u0000y"}').nul).toBe(true);
    expect(scanJson('{"a": "x\\\\u0000y"}').nul).toBe(false);
    expect(scanJson('{"a": "x\\\\\\u0000y"}').nul).toBe(true);
    expect(scanJson('{"a": "u0000"}').nul).toBe(false);
  });
});

describe('parseJson', () => {
  it('refuses text nested past the limit, or holding a NUL, naming it', () => {
    expect(parseJson('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH), 'x')).toBeInstanceOf(Array);
    expect(() => parseJson('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1), 'the body')).toThrow(
      /the body nests 1001 levels deep; at most 1000/,
    );
    expect(() => parseJson('{"a": "\\u0000"}', 'the body')).toThrow(/the body holds a NUL character/);
    expect(() => parseJson('{"a": ', 'the body')).toThrow(/the body is not valid JSON/);
  });
});
