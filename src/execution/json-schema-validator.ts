import type { JSONSchema7 } from 'ai';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';

/** Problems found in one input: `path: message` strings, at most 10. */
export type JsonSchemaProblems = string[];

const draft07 = new Ajv({ strict: false, allErrors: true, validateFormats: false, validateSchema: false, logger: false });
const draft2020 = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, validateSchema: false, logger: false });
// Compiled once per schema object and shared by every turn: the schemas are the catalog's, immutable (C19).
const compiled = new WeakMap<object, ValidateFunction | undefined>();

/**
 * Validates `value` against a plain JSON schema with Ajv. The AI SDK's `jsonSchema()` (used by
 * `@ai-sdk/mcp` for every MCP tool) validates nothing on its own, so without this a wrongly
 * typed call would reach the tool (C4). Draft 2020-12 / 2019-09 schemas (by `$schema`) use
 * Ajv2020, every other schema draft-07. Formats are not checked.
 *
 * @returns `[]` when the value is valid, or when the schema cannot be compiled (the tool
 *   itself is then the only check; Ajv's message is not the model's problem).
 */
export function validateJsonSchema(schema: JSONSchema7, value: unknown): JsonSchemaProblems {
  const validate = validatorFor(schema);
  if (validate === undefined || validate(value)) return [];
  return (validate.errors ?? []).slice(0, 10).map(describeError);
}

function validatorFor(schema: JSONSchema7): ValidateFunction | undefined {
  if (compiled.has(schema)) return compiled.get(schema);
  const { $schema, ...rest } = schema as JSONSchema7 & { $schema?: string };
  const ajv = typeof $schema === 'string' && /2020-12|2019-09/.test($schema) ? draft2020 : draft07;
  let validate: ValidateFunction | undefined;
  try {
    validate = ajv.compile(rest);
  } catch {
    validate = undefined;
  }
  compiled.set(schema, validate);
  return validate;
}

function describeError(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = error.keyword === 'required' ? (error.params as { missingProperty?: string }).missingProperty : undefined;
  if (missing !== undefined) return `${path === '' ? missing : `${path}.${missing}`}: required`;
  const extra = error.keyword === 'additionalProperties' ? (error.params as { additionalProperty?: string }).additionalProperty : undefined;
  if (extra !== undefined) return `${path === '' ? extra : `${path}.${extra}`}: not allowed`;
  return `${path === '' ? '(input)' : path}: ${error.message ?? 'invalid'}`;
}
