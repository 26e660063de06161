// What the REST door and the API description read of a procedure: its kind, its meta (access level, API key rule),
// the schema its `.input()` was given and the one its `.output(answer(…))` declares. They read them from
// `router._def.procedures` (docs/DECISIONS.md "Scripts and other systems").
import type { AnyRouter } from '@trpc/server';
import { z } from 'zod';
import type { Answer } from './answer';
import type { ProcedureMeta } from './init';

export interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  meta: ProcedureMeta | undefined;
  input: z.ZodType | undefined;
  answer: z.ZodType | undefined;
}

interface RawDef {
  _def: { type: ProcedureDef['type']; meta?: ProcedureMeta; inputs: unknown[]; output?: Partial<Answer<z.ZodType>> };
}

/** The procedure at `path` ("auth.apiKeys.create"); tRPC keeps them by their full path. */
export function procedureDef(router: AnyRouter, path: string): ProcedureDef | undefined {
  const procedures = router._def.procedures as unknown as Record<string, RawDef | undefined>;
  const def = Object.hasOwn(procedures, path) ? procedures[path]?._def : undefined;
  if (!def) return undefined;
  return { type: def.type, meta: def.meta, input: def.inputs[0] as z.ZodType | undefined, answer: def.output?.schema };
}

/** The top-level keys of an input schema: an object's, or an optional object's. */
export function inputKeysOf(schema: z.ZodType): string[] {
  const inner = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  if (inner instanceof z.ZodObject) return Object.keys(inner.shape);
  throw new Error('A REST route needs an object input (or an optional one)');
}

export type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema>; required?: string[]; [k: string]: unknown };

/** A schema in JSON Schema (draft 2020-12), as a client sends it (`input`) or as it is answered (`output`). */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}
