import { asSchema, safeValidateTypes, type FlexibleSchema } from '@ai-sdk/provider-utils';
import type { JSONSchema7 } from 'ai';
import { validateJsonSchema } from './json-schema-validator.js';

/** The result of {@link validateToolInput}. */
export type InputValidation = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/**
 * Validates a call's input against the tool's schema (C4): with the schema's own validator
 * (zod, Standard Schema), or with Ajv for a plain JSON schema. A model that sent unparsable
 * JSON arrives here as a string; the message names the bad fields so the model can correct
 * the call (e.g. `query: expected string, received number`).
 */
export async function validateToolInput(options: {
  readonly toolName: string;
  readonly input: unknown;
  readonly schema: FlexibleSchema<unknown>;
  /** True when the provider sent input that is not valid JSON. */
  readonly unparsable: boolean;
}): Promise<InputValidation> {
  if (options.unparsable) {
    return { ok: false, message: `Invalid input for ${options.toolName}: the arguments are not valid JSON. Send a JSON object that matches the tool's schema.` };
  }
  const schema = asSchema(options.schema);
  if (schema.validate === undefined) {
    // a plain JSON schema (e.g. every MCP tool) has no validator of its own
    const problems = validateJsonSchema((await schema.jsonSchema) as JSONSchema7, options.input);
    if (problems.length === 0) return { ok: true, value: options.input };
    return { ok: false, message: `Invalid input for ${options.toolName}: ${problems.join('; ')}. Fix these fields and call it again.` };
  }
  const result = await safeValidateTypes({ value: options.input, schema });
  if (result.success) return { ok: true, value: result.value };
  return { ok: false, message: `Invalid input for ${options.toolName}: ${describeIssues(result.error)}. Fix these fields and call it again.` };
}

function describeIssues(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  if (Array.isArray(issues) && issues.length > 0) {
    return issues
      .slice(0, 10)
      .map((issue: { path?: readonly PropertyKey[]; message?: string }) => {
        const path = (issue.path ?? []).map(String).join('.');
        return `${path === '' ? '(input)' : path}: ${issue.message ?? 'invalid'}`;
      })
      .join('; ');
  }
  const message = cause instanceof Error ? cause.message : error.message;
  return message.length > 500 ? `${message.slice(0, 500)}…` : message;
}
