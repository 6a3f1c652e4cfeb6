/**
 * A call this runtime left open for a person (C27): an approval it requested, or a call of a
 * client-side tool (no `execute`) whose output the client sends. Plain JSON.
 */
export interface OpenCallRecord {
  /** The record's own id, one per issued call: the approval id of an approval request, `client:<turnId>:<stepIndex>:<toolCallId>` for a client call ({@link openCallId}). */
  readonly id: string;
  /**
   * What an answer claims the record by ({@link openCallKey}): the approval id, or for a client
   * call `client:<toolCallId>:<toolName>:<inputDigest>` (an answer carries only the call's id, tool
   * and input, and providers number calls per response, so several open records may share it).
   * `undefined` means the same as `id`.
   */
  readonly key?: string;
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
  /**
   * Takes one open record whose key ({@link OpenCallRecord.key}, else its id) is `key`: `claimed`
   * with it (each open record is claimed once; of several with one key, any one), `answered` when
   * every record with that key was claimed, `unknown` if none was issued.
   */
  claim(key: string): OpenCallClaim | Promise<OpenCallClaim>;
}

/**
 * The id of an open call, unique per issued call: the approval id, or
 * `client:<turnId>:<stepIndex>:<toolCallId>` for a client-side tool's call (two turns may each
 * leave a call `call_0` open).
 */
export function openCallId(
  options: { readonly kind: 'approval'; readonly approvalId: string } | { readonly kind: 'client'; readonly turnId: string; readonly stepIndex: number; readonly toolCallId: string },
): string {
  return options.kind === 'approval' ? options.approvalId : `client:${options.turnId}:${options.stepIndex}:${options.toolCallId}`;
}

/**
 * The key an answer claims an open call by ({@link ApprovalStore.claim}): the approval id, or
 * `client:<toolCallId>:<toolName>:<inputDigest>` for a client-side tool's call — what the
 * answering messages give (JSON-encoded, so no separator in a name can make two keys equal).
 */
export function openCallKey(
  options: { readonly kind: 'approval'; readonly approvalId: string } | { readonly kind: 'client'; readonly toolCallId: string; readonly toolName: string; readonly inputDigest: string },
): string {
  return options.kind === 'approval' ? options.approvalId : `client:${JSON.stringify([options.toolCallId, options.toolName, options.inputDigest])}`;
}
