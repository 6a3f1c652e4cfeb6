import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The HMAC-SHA256 signature of a tool approval request, exactly as `ai`'s
 * `experimental_toolApprovalSecret` makes it (ai 7's `signToolApproval`, not exported): base64url of
 * HMAC-SHA256(secret, JSON `["ai-sdk-tool-approval-v1", approvalId, toolCallId, toolName,
 * inputDigest]`), where `inputDigest` is {@link approvalInputDigest}. So a request signed by
 * `streamText` with the same secret verifies here, and one signed here verifies there.
 */
export function signToolApproval(options: {
  readonly secret: string | Uint8Array;
  readonly approvalId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
}): string {
  const { secret, approvalId, toolCallId, toolName, input } = options;
  const payload = JSON.stringify(['ai-sdk-tool-approval-v1', approvalId, toolCallId, toolName, approvalInputDigest(input)]);
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/**
 * True when `signature` is {@link signToolApproval}'s for these values (compared in constant
 * time). A signature that is not a string, or an input with no JSON form, is false. Never throws.
 */
export function verifyToolApproval(options: Parameters<typeof signToolApproval>[0] & { readonly signature: unknown }): boolean {
  if (typeof options.signature !== 'string') return false;
  try {
    const expected = Buffer.from(signToolApproval(options), 'base64url');
    const given = Buffer.from(options.signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  } catch {
    return false;
  }
}

/**
 * `ai`'s canonical digest of a tool input (its `hashCanonical`): base64url SHA-256 of the JSON
 * with object keys sorted and `undefined` array items as `null`. What an approval binds the call's
 * input by. A BigInt throws (as in `ai`).
 */
export function approvalInputDigest(input: unknown): string {
  return createHash('sha256').update(canonicalJson(input) ?? '').digest('base64url');
}

/** ai's `canonicalJSON`, value for value (a nested value with no JSON form reads `undefined`, as its template strings make it). */
function canonicalJson(value: unknown): string | undefined {
  if (value === null || value === undefined || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : (canonicalJson(item) ?? ''))).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${String(canonicalJson(record[key]))}`)
    .join(',')}}`;
}
