import { asSchema, type FlexibleSchema, type JSONSchema7 } from 'ai';
import { InvalidOptionError } from '../errors/invalid-option-error.js';

/**
 * The JSON schema of a tool's `inputSchema` (or of a profile's schema override), available at
 * construction so the definition can be measured (C10) and sent unchanged on every step.
 *
 * @param option the option's path for the error, e.g. `tools.read_file.inputSchema`.
 * @throws {InvalidOptionError} the schema is not one the AI SDK accepts — typically a plain JSON
 *   schema object, which must be wrapped in `jsonSchema()` from `ai` — or its JSON schema
 *   resolves asynchronously.
 */
export function syncJsonSchemaOf(option: string, schema: FlexibleSchema<unknown>): JSONSchema7 {
  let json: JSONSchema7 | PromiseLike<JSONSchema7>;
  try {
    json = asSchema(schema).jsonSchema;
  } catch {
    throw new InvalidOptionError({
      option,
      value: schema,
      expected:
        "a zod schema, or a JSON schema wrapped in jsonSchema() from 'ai' " +
        "(a plain JSON schema object is not a schema to the AI SDK: write inputSchema: jsonSchema({ type: 'object', ... }))",
    });
  }
  if (typeof (json as PromiseLike<JSONSchema7>).then === 'function') {
    throw new InvalidOptionError({
      option,
      value: 'a schema whose JSON schema resolves asynchronously',
      expected: 'a zod schema or jsonSchema({...}) with a plain object, so its size can be measured at construction',
    });
  }
  return json as JSONSchema7;
}
