import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonicalJson (RFC 8785 for snapshot values)', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });
  it('writes numbers in their shortest round-trip form', () => {
    expect(canonicalJson([2066.92, 1624, 0.1 + 0.2, -0, 1e21, 2.4375])).toBe('[2066.92,1624,0.30000000000000004,0,1e+21,2.4375]');
  });
  it('sorts keys by UTF-16 code units, not by locale', () => {
    expect(canonicalJson({ é: 1, z: 2, Z: 3, '€': 4 })).toBe('{"Z":3,"z":2,"é":1,"€":4}');
  });
  it('escapes strings as JSON does and leaves out undefined members', () => {
    expect(canonicalJson({ s: 'a"b\\c\n\u0001', u: undefined, n: null, t: true })).toBe('{"n":null,"s":"a\\"b\\\\c\\n\\u0001","t":true}');
  });
  it('refuses what JSON cannot hold', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson(() => 1)).toThrow(TypeError);
  });
});
