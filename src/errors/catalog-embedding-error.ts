import { TurnscopeError } from './turnscope-error.js';
import { describeThrown } from './describe-thrown.js';

/** Characters of the embedding model's own message kept in ours (a provider may answer with a page of HTML). */
const MAX_CAUSE_CHARS = 500;

/**
 * Embedding the tool catalog failed (the embedding model threw or the call was aborted), so a
 * semantic ranker could not be built. Code `catalog-embedding-failed`; `cause` is the error the
 * AI SDK's `embedMany` threw. In a turn this never throws: each search made while the catalog
 * cannot be embedded is a tool error with this message, the turn goes on, and the next search
 * tries to embed the catalog again.
 */
export class CatalogEmbeddingError extends TurnscopeError {
  /** The embedding model, as `<provider>:<modelId>`. */
  readonly model: string;
  /** How many tool texts were to be embedded (those not already in the cache). */
  readonly texts: number;

  constructor(options: { model: string; texts: number; cause: unknown }) {
    const reason = describeThrown(options.cause);
    super({
      code: 'catalog-embedding-failed',
      message:
        `Embedding ${options.texts} tool ${options.texts === 1 ? 'description' : 'descriptions'} with ${options.model} failed: ` +
        `${reason.length > MAX_CAUSE_CHARS ? `${reason.slice(0, MAX_CAUSE_CHARS)}…` : reason}`,
      cause: options.cause,
    });
    this.model = options.model;
    this.texts = options.texts;
  }
}
