/**
 * A call this runtime left open for a person (C27): an approval it requested, or a call of a
 * client-side tool (no `execute`) whose output the client sends. Plain JSON.
 */
export interface OpenCallRecord {
  /** The store key: the approval id of an approval request, `client:<toolCallId>` for a client call ({@link openCallId}). */
  readonly id: string;
  readonly kind: 'approval' | 'client';
  readonly turnId: string;
  /** The step that issued the request: the tool was visible there (C14), the availability guard of the answer. */
  readonly stepIndex: number;
  readonly toolCallId: string;
  readonly toolName: string;
  /** ai's canonical input digest of the call's input as the tool-call part carries it (see approvalInputDigest). */
  readonly inputDigest: string;
  /** When the request was issued, in ms of the runtime's clock. */
  readonly issuedAt: number;
}

/** What {@link ApprovalStore.claim} answers: the record the first time, then `answered`; `unknown` for an id never issued. */
export type OpenCallClaim =
  | { readonly status: 'claimed'; readonly record: OpenCallRecord }
  | { readonly status: 'answered' }
  | { readonly status: 'unknown' };

/**
 * Where a runtime records the calls it left open for a person, so that only an answer to a
 * request it issued counts, and only once (C27): `issue` when a turn ends awaiting approval or
 * a client's output, `claim` when a later request answers. Like the journal, the default lives in
 * memory ({@link createMemoryApprovalStore}); give a shared one (a database, Redis with an atomic
 * get-and-set) when answers may reach another process.
 *
 * `claim` must be atomic: of two concurrent claims of one id, one gets `claimed`. Both methods may
 * return a promise; one that throws or rejects makes the call an error result (nothing runs).
 */
export interface ApprovalStore {
  /** Records an open call. Issuing an id again replaces its record (ids are per turn, step and call). */
  issue(record: OpenCallRecord): void | Promise<void>;
  /** Takes the open call `id` once: `claimed` with its record the first time, `answered` afterwards, `unknown` if never issued. */
  claim(id: string): OpenCallClaim | Promise<OpenCallClaim>;
}

/** The store key of an open call: the approval id, or `client:<toolCallId>` for a client-side tool's call. */
export function openCallId(options: { readonly kind: 'approval'; readonly approvalId: string } | { readonly kind: 'client'; readonly toolCallId: string }): string {
  return options.kind === 'approval' ? options.approvalId : `client:${options.toolCallId}`;
}
