// What a procedure answers, declared with `.output(answer(schema))` (docs/DECISIONS.md "Scripts and other systems").
// tRPC runs an output parser on every call and answers what it returns; a zod schema there would copy and strip
// every answer (a 1,000-row list included) and lose the identity by which the REST door knows the catalogue's
// ready-made JSON (services/catalog-cache.ts). This parser hands back the very value it is given. Outside production
// it first checks it against the schema, and throws on a mismatch or on a field the schema does not name, so every
// test of either door proves the answers; in production it checks nothing.
import type { z } from 'zod';

const checking = process.env.NODE_ENV !== 'production';

/** An output parser that answers its value unchanged; `schema` is what the API description shows. */
export interface Answer<S extends z.ZodType> {
  (value: unknown): z.output<S>;
  readonly schema: S;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The path of the first field of `value` that `parsed` (zod's copy, unknown keys stripped) lacks. */
function undeclared(value: unknown, parsed: unknown, at: string): string | undefined {
  if (value === parsed) return undefined;
  if (Array.isArray(value) && Array.isArray(parsed)) {
    for (let i = 0; i < value.length; i++) {
      const found = undeclared(value[i], parsed[i], `${at}[${i}]`);
      if (found) return found;
    }
  } else if (isRecord(value) && isRecord(parsed) && !(value instanceof Date)) {
    for (const [key, v] of Object.entries(value)) {
      // JSON leaves an undefined field out: it is no field of the answer.
      if (v === undefined) continue;
      if (!Object.hasOwn(parsed, key)) return `${at}.${key}`;
      const found = undeclared(v, parsed[key], `${at}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

export function answer<S extends z.ZodType>(schema: S): Answer<S> {
  const parse = (value: unknown): z.output<S> => {
    if (checking) {
      const extra = undeclared(value, schema.parse(value), 'answer');
      if (extra) throw new Error(`${extra} is not in the answer's schema`);
    }
    return value as z.output<S>;
  };
  return Object.assign(parse, { schema });
}
