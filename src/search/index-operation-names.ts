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
  // a catalog repeats parameter descriptions (a server's tools share `owner`, `repo`): each
  // distinct one is scanned and its identifiers tokenized once per build
  const identifiersOf = new Map<string, readonly Identifier[]>();
  for (let id = 0; id < documents.length; id += 1) addOperations(id, documents[id]!, identifiersOf, byFirstTerm);
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

/** A snake_case identifier written in a parameter description: lowercased, and its distinct stemmed terms. */
interface Identifier {
  readonly lower: string;
  readonly terms: readonly string[];
}

function addOperations(id: number, document: RankerDocument, identifiersOf: Map<string, readonly Identifier[]>, into: Map<string, [number, readonly string[]][]>): void {
  const parameters = document.parameters;
  if (parameters === undefined) return;
  // made on the first identifier: most tools' parameters write none
  let seen: Set<string> | undefined;
  for (const parameter of parameters) {
    // a plain substring test first: most descriptions name no identifier
    if (!parameter.description.includes('_')) continue;
    const identifiers = identifiersIn(parameter.description, identifiersOf);
    for (const { lower, terms } of identifiers) {
      seen ??= new Set<string>();
      if (seen.size >= MAX_OPERATIONS_PER_TOOL) return;
      if (seen.has(lower) || lower === parameter.name.toLowerCase()) continue;
      seen.add(lower);
      if (terms.length < 2) continue;
      const list = into.get(terms[0]!);
      if (list === undefined) into.set(terms[0]!, [[id, terms]]);
      else list.push([id, terms]);
    }
  }
}

/** The snake_case identifiers `description` writes, in order ({@link OPERATION_WORD}), read from `identifiersOf` or added to it. */
function identifiersIn(description: string, identifiersOf: Map<string, readonly Identifier[]>): readonly Identifier[] {
  let identifiers = identifiersOf.get(description);
  if (identifiers === undefined) {
    identifiers = (description.match(OPERATION_WORD) ?? []).map((identifier) => ({ lower: identifier.toLowerCase(), terms: [...new Set(tokenizeText(identifier))] }));
    identifiersOf.set(description, identifiers);
  }
  return identifiers;
}
