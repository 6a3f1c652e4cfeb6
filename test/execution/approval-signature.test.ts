import { streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { approvalInputDigest, signToolApproval, verifyToolApproval } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

// C27: a request signed here is the one ai's streamText signs with experimental_toolApprovalSecret.

describe('signToolApproval (C27)', () => {
  it('signs exactly as ai’s streamText does with experimental_toolApprovalSecret, so either side verifies the other', async () => {
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'delete_repo', input: { repo: 'acme/old', force: true }, toolCallId: 'del' }] }] });
    const result = streamText({
      model: scripted.model,
      prompt: 'delete acme/old',
      tools: { delete_repo: tool({ inputSchema: z.object({ repo: z.string(), force: z.boolean() }), needsApproval: true, execute: async () => 'deleted' }) },
      experimental_toolApprovalSecret: 'shared-secret',
    });
    const requests = [];
    for await (const part of result.fullStream) if (part.type === 'tool-approval-request') requests.push(part);
    expect(requests).toHaveLength(1);
    const { approvalId, signature } = requests[0]!;
    // keys in another order: the digest is canonical
    const ours = signToolApproval({ secret: 'shared-secret', approvalId, toolCallId: 'del', toolName: 'delete_repo', input: { force: true, repo: 'acme/old' } });
    expect(ours).toBe(signature);
    expect(verifyToolApproval({ secret: 'shared-secret', signature, approvalId, toolCallId: 'del', toolName: 'delete_repo', input: { repo: 'acme/old', force: true } })).toBe(true);
  });

  it('does not verify another secret, call, tool, input or a signature that is not a string', () => {
    const base = { secret: 'k', approvalId: 'approval:t:0:c', toolCallId: 'c', toolName: 'delete_repo', input: { repo: 'acme/old' } };
    const signature = signToolApproval(base);
    expect(verifyToolApproval({ ...base, signature })).toBe(true);
    expect(verifyToolApproval({ ...base, secret: 'other', signature })).toBe(false);
    expect(verifyToolApproval({ ...base, toolCallId: 'd', signature })).toBe(false);
    expect(verifyToolApproval({ ...base, toolName: 'list_repos', signature })).toBe(false);
    expect(verifyToolApproval({ ...base, input: { repo: 'acme/prod' }, signature })).toBe(false);
    expect(verifyToolApproval({ ...base, signature: 42 })).toBe(false);
    expect(verifyToolApproval({ ...base, signature: signature.slice(0, -2) })).toBe(false);
    expect(verifyToolApproval({ ...base, secret: new TextEncoder().encode('k'), signature })).toBe(true);
  });

  it('digests an input canonically: key order does not matter, values do', () => {
    expect(approvalInputDigest({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(approvalInputDigest({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(approvalInputDigest({ a: 1 })).not.toBe(approvalInputDigest({ a: '1' }));
    expect(approvalInputDigest({ __proto__: null, constructor: 'x' })).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
