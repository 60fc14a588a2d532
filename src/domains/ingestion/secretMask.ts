/**
 * Masking the secret values a run used out of what it reports. A run's result is read by whoever
 * manages ingestion (who may not read secrets) and kept in the change log, so a value must be gone
 * before anything is serialized: once a value sits inside JSON text, a `"` or `\` in it is escaped
 * and the text no longer holds the value as it was. The mask therefore walks the structured value
 * (strings and object keys alike) and, since a string may quote a value already encoded by
 * something else (an error echoing a URL, a JSON body, a Basic credential), looks for each value in
 * every form such text commonly holds it.
 */

export const MASK = '********';

/** The forms `value` commonly takes inside text: as is, JSON-escaped (once or twice, ASCII-only too), URL-encoded, base64. */
export function secretForms(value: string): string[] {
  if (value === '') return [];
  const json = escapeJson(value);
  const forms = [
    value,
    json,
    escapeJson(json),
    asciiJson(json, 'lower'),
    asciiJson(json, 'upper'),
    encodeURIComponent(value),
    encodeURI(value),
    new URLSearchParams({ v: value }).toString().slice(2),
    encodeURIComponent(value).replace(/%20/g, '+'),
    // Padding is left out: the value may be followed by more encoded text, or by `=` as usual.
    Buffer.from(value, 'utf8').toString('base64').replace(/=+$/, ''),
    Buffer.from(value, 'utf8').toString('base64url'),
  ];
  // Percent-encoders differ in the case of their hex digits.
  const withLowerHex = forms.flatMap((f) => (/%[0-9A-F]{2}/.test(f) ? [f, f.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())] : [f]));
  return [...new Set(withLowerHex)].filter((f) => f.length > 0);
}

/** Masks every form of the values given, in text and in structured values, before they are serialized. */
export class SecretMask {
  private readonly pattern: RegExp | undefined;

  constructor(values: Iterable<string>) {
    const forms = [...new Set([...values].flatMap(secretForms))];
    // Longest first, so a form that holds a shorter one is masked whole; one pass, so a mask is never masked again.
    forms.sort((a, b) => b.length - a.length);
    this.pattern = forms.length > 0 ? new RegExp(forms.map(escapeRegExp).join('|'), 'g') : undefined;
  }

  text(s: string): string {
    return this.pattern ? s.replace(this.pattern, MASK) : s;
  }

  /** A copy of `value` with every string in it, object keys included, masked. */
  value<T>(value: T): T {
    return this.pattern ? (this.walk(value) as T) : value;
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((v) => this.walk(v));
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.text(k), this.walk(v)]));
    return value;
  }
}

const escapeJson = (s: string) => JSON.stringify(s).slice(1, -1);

/** JSON as ASCII-only encoders write it (Python's default): every other character as `\uXXXX`. */
function asciiJson(json: string, hexCase: 'lower' | 'upper'): string {
  return json.replace(/[^\x20-\x7e]/g, (c) => {
    const hex = c.charCodeAt(0).toString(16).padStart(4, '0');
    return `\\u${hexCase === 'lower' ? hex : hex.toUpperCase()}`;
  });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
