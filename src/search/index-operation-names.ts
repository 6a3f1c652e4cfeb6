import { tokenizeText } from './tokenize-text.js';
import type { RankerDocument } from './tool-ranker.js';

/** Operation names kept per tool at most: a schema listing hundreds of values costs no more. */
const MAX_OPERATIONS_PER_TOOL = 32;
/** A snake_case identifier of two to four words (`get_reviews`, `list_workflow_runs`), as enum values and method names are written. */
const OPERATION_WORD = /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+){1,3}\b/g;

/**
 * The operations a tool's parameters name (C9 ranking): each snake_case identifier of two to four
 * words written in a parameter's description or `enum` values (`method: get | get_diff |
 * get_reviews` of a GitHub tool that does many things), as its stemmed distinct terms
 * (`get_reviews` → `get`, `review`). A query that has every term of one of a tool's operations
 * names that tool as fully as its own name would ({@link OperationNames.fullyNamed}).
 * At most 32 per tool; an identifier equal to a parameter's own name (`team_slug`) is no operation.
 * `undefined` when no tool has one.
 */
export interface OperationNames {
  /** The tools (ids) with an operation all of whose terms are in `terms`, for `terms` the query's written terms. */
  fullyNamed(terms: ReadonlySet<string>): Set<number>;
}

/** The {@link OperationNames} of the documents' parameters, or `undefined` when none names one. */
export function indexOperationNames(documents: readonly RankerDocument[]): OperationNames | undefined {
  // first term of an operation → [tool id, the operation's terms]
  const byFirstTerm = new Map<string, [number, readonly string[]][]>();
  for (let id = 0; id < documents.length; id += 1) addOperations(id, documents[id]!, byFirstTerm);
  if (byFirstTerm.size === 0) return undefined;
  return {
    fullyNamed(terms) {
      const tools = new Set<number>();
      for (const term of terms) {
        for (const [id, operation] of byFirstTerm.get(term) ?? []) if (operation.every((word) => terms.has(word))) tools.add(id);
      }
      return tools;
    },
  };
}

function addOperations(id: number, document: RankerDocument, into: Map<string, [number, readonly string[]][]>): void {
  const parameters = document.parameters;
  if (parameters === undefined) return;
  const seen = new Set<string>();
  for (const parameter of parameters) {
    // a plain substring test first: most descriptions name no identifier
    if (!parameter.description.includes('_')) continue;
    for (const identifier of parameter.description.match(OPERATION_WORD) ?? []) {
      const lower = identifier.toLowerCase();
      if (seen.size >= MAX_OPERATIONS_PER_TOOL) return;
      if (seen.has(lower) || lower === parameter.name.toLowerCase()) continue;
      seen.add(lower);
      const terms = [...new Set(tokenizeText(identifier))];
      if (terms.length < 2) continue;
      const list = into.get(terms[0]!);
      if (list === undefined) into.set(terms[0]!, [[id, terms]]);
      else list.push([id, terms]);
    }
  }
}
