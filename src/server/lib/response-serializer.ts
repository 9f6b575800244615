import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

// Answers serialised once (docs/decisions/095-one-log-line-a-request-and-answers-built-once.md): our
// handlers build the answer, so in production it is not parsed again by zod on its way out. It is
// still cut to its schema: only the fields a response schema names are written (what zod's
// serializer did, and what keeps a row's other columns, a password hash among them, out of answers).

type Project = (value: unknown) => unknown;
type Def = { type: string; checks?: z.ZodType[]; check?: string; [key: string]: unknown };

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Types whose value is written as it is (zod's output of them is the value itself). */
const AS_IS = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'literal',
  'enum',
  'date',
  'any',
  'unknown',
  'template_literal',
]);

const asIs: Project = (value) => value;

/**
 * A function that copies a value keeping only what the schema names, or null for a schema it does
 * not read as plainly as zod (a transform, a default, a union of objects, a record...): those keep
 * zod's serializer.
 */
export function projection(schema: z.ZodType): Project | null {
  const def = defOf(schema);
  // A check that rewrites the value (`.trim()`, `.toLowerCase()`) is zod's to apply.
  if (def.checks?.some((check) => defOf(check).check === 'overwrite')) return null;
  if (AS_IS.has(def.type)) return asIs;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'readonly': {
      const inner = projection(def.innerType as z.ZodType);
      if (!inner) return null;
      return inner === asIs
        ? asIs
        : (value) => (value === null || value === undefined ? value : inner(value));
    }
    case 'array': {
      const element = projection(def.element as z.ZodType);
      if (!element) return null;
      return element === asIs ? asIs : (value) => (Array.isArray(value) ? value.map(element) : value);
    }
    case 'union': {
      const options = def.options as z.ZodType[];
      return options.every((option) => projection(option) === asIs) ? asIs : null;
    }
    case 'object': {
      // A catch-all (a loose or strict object) keeps or refuses what is not named: zod's business.
      if (def.catchall !== undefined) return null;
      const fields: [string, Project][] = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const project = projection(field);
        if (!project) return null;
        fields.push([key, project]);
      }
      return (value) => {
        if (value === null || typeof value !== 'object') return value;
        const source = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, project] of fields) {
          const field = source[key];
          if (field !== undefined) out[key] = project(field);
        }
        return out;
      };
    }
    default:
      return null;
  }
}

const isZod = (schema: unknown): schema is z.ZodType =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;

type SerializerCompiler = FastifySerializerCompiler<z.ZodType>;

/**
 * The response serializer. `production`: the answer cut to its schema by projection() and written
 * with JSON.stringify, unchecked. Otherwise (tests, development) zod's check as before, and the
 * production serializer run beside it: an answer it would write differently fails the request, so
 * every API test also proves the production bytes.
 */
export function responseSerializerCompiler(production: boolean): SerializerCompiler {
  return (routeSchema) => {
    const zodSerialize = (zodSerializerCompiler as unknown as SerializerCompiler)(routeSchema) as (
      data: unknown,
    ) => string;
    const project = isZod(routeSchema.schema) ? projection(routeSchema.schema) : null;
    if (!project) return zodSerialize;
    const fast = (data: unknown) => JSON.stringify(project(data));
    if (production) return fast;
    return (data: unknown) => {
      const checked = zodSerialize(data);
      const written = fast(data);
      if (written !== checked)
        throw new Error(
          `${routeSchema.method} ${routeSchema.url}: the production serializer wrote ${written}, zod ${checked}`,
        );
      return checked;
    };
  };
}
