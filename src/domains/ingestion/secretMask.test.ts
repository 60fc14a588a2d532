import { describe, expect, it } from 'vitest';
import { MASK, SecretMask, secretForms } from './secretMask.js';

const SECRET = 'p"a\\ss w&rd/é?=%';

/** Every way the secret could show in serialized text. */
const leaks = (text: string) => secretForms(SECRET).filter((f) => text.includes(f));

describe('SecretMask', () => {
  it('masks a value holding quotes, backslashes and URL-encodable characters in strings and keys, before serialization', () => {
    const mask = new SecretMask([SECRET]);
    const report = {
      failure_reason: `could not open ${SECRET}`,
      nested: [{ url: `https://h/?password=${encodeURIComponent(SECRET)}` }, { form: new URLSearchParams({ p: SECRET }).toString() }],
      [`key ${SECRET}`]: 1,
      quoted: `body ${JSON.stringify({ password: SECRET })}`,
      ascii: `body ${JSON.stringify(SECRET).replace('é', '\\u00e9')}`,
      basic: `Basic ${Buffer.from(SECRET).toString('base64')}`,
      lower: `x=${encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())}`,
      count: 3,
      none: null,
    };
    const text = JSON.stringify(mask.value(report));
    expect(leaks(text)).toEqual([]);
    expect(text).not.toContain('ss w');
    expect(mask.value(report).count).toBe(3);
    expect(mask.value(report).none).toBeNull();
    expect(mask.text(`a ${SECRET} b`)).toBe(`a ${MASK} b`);
  });

  it('is the old way, masking serialized text, that lets the value through', () => {
    const serialized = JSON.stringify({ reason: SECRET });
    expect(serialized.split(SECRET).join(MASK)).toContain('ss w');
  });

  it('masks nothing without values, and never masks its own mask again', () => {
    expect(new SecretMask([]).value({ a: 'b' })).toEqual({ a: 'b' });
    expect(new SecretMask(['*']).text('a*b')).toBe(`a${MASK}b`);
    expect(new SecretMask(['', 'x']).text('axb')).toBe(`a${MASK}b`);
  });
});
