// The canonical JSON form that an acceptance's fingerprint is computed over (docs/API.md "The acceptance as
// evidence"): the JSON Canonicalization Scheme of RFC 8785 for the values a snapshot holds. Object keys sorted by
// their UTF-16 code units, no whitespace, strings and numbers as JSON.stringify writes them (ECMAScript's shortest
// round-trip number form, which RFC 8785 adopts). Anyone can recompute it: with a JCS library, or in a few lines.

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('canonicalJson: a number must be finite');
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError(`canonicalJson: ${typeof value} has no JSON form`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
