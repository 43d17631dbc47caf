import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

// Responses in production (ADR 027): serialized by fast-json-stringify from the JSON Schema of the
// route's Zod response schema, instead of checking our own output with Zod on every response.
// Like the Zod serializer it writes only the schema's properties (no field can leak), in the same
// order, so the bytes are the same. Development and tests keep the Zod check, which catches a
// service that answers something its schema does not allow.

type Json = { [key: string]: unknown };

// Keywords whose meaning fast-json-stringify decides by validating the value (it would pick a
// branch where Zod picks another): a schema with any of them keeps the Zod serializer.
const BRANCHING = ['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', 'patternProperties', 'prefixItems'];

// "T or null" as `type: [T, 'null']`, which fast-json-stringify writes without validating.
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const { $schema: _s, ...rest } = node as Json;
  const anyOf = rest.anyOf as Json[] | undefined;
  if (anyOf?.length === 2) {
    const nonNull = anyOf.filter((b) => b.type !== 'null' || Object.keys(b).length !== 1);
    const single = nonNull[0];
    if (nonNull.length === 1 && typeof single.type === 'string' && !BRANCHING.some((k) => k in single)) {
      const { anyOf: _a, ...others } = rest;
      return simplify({ ...others, ...single, type: [single.type, 'null'] });
    }
  }
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, simplify(v)]));
}

function hasBranching(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasBranching);
  if (!node || typeof node !== 'object') return false;
  return Object.entries(node).some(([k, v]) => BRANCHING.includes(k) || hasBranching(v));
}

// The JSON Schema fast-json-stringify can write exactly as Zod would, or null.
export function serializableJsonSchema(schema: ZodType): Json | null {
  let json: unknown;
  try {
    json = simplify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }));
  } catch {
    return null; // transforms, dates, ...: no JSON Schema says what Zod writes
  }
  return hasBranching(json) ? null : (json as Json);
}

export const fastSerializerCompiler: typeof zodSerializerCompiler = (route) => {
  const json = route.schema instanceof z.ZodType ? serializableJsonSchema(route.schema) : null;
  if (!json) return zodSerializerCompiler(route);
  return fastJson(json as never) as (data: unknown) => string;
};
