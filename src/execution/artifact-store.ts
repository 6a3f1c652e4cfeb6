/**
 * Where the artifacts stage (C4) keeps the full output of a truncated result, so nothing the
 * tool returned is lost and the model can read the part that was cut. Both methods may be async;
 * `put` is awaited under the call's timeout (`timeout.toolMs`).
 * Implementations here: {@link createMemoryArtifactStore} (the default) and
 * {@link createFileArtifactStore}.
 */
export interface ArtifactStore {
  /**
   * Stores `artifact.content` under `artifact.id`, replacing what was there (a replayed call
   * stores the same id again), and says how to reach it.
   */
  put(artifact: Artifact): ArtifactReference | Promise<ArtifactReference>;
  /** The content stored under `id`, or `undefined` when there is none (never stored, or evicted). */
  get(id: string): string | undefined | Promise<string | undefined>;
}

/** One full output to store. */
export interface Artifact {
  /** `art_` and 24 hex characters, derived from the operation id: the same call gets the same id. */
  readonly id: string;
  /** The full output as text (JSON output pretty-printed). */
  readonly content: string;
  /** `text/plain`, or `application/json` for JSON output. */
  readonly mediaType: 'text/plain' | 'application/json';
  readonly operationId: string;
  readonly turnId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  /** The 1-based lines the model did not see (first and last line containing cut bytes). */
  readonly cutLines: { readonly from: number; readonly to: number };
}

/** How a stored artifact can be reached; `howToRead` goes to the model in the truncation note. */
export interface ArtifactReference {
  readonly id: string;
  /** `artifact:<id>` in memory; the absolute file path on disk. */
  readonly uri: string;
  /** One sentence telling the model how to read the cut part, e.g. which tool to call with what. */
  readonly howToRead: string;
  /**
   * The tool `howToRead` asks the model to call, when it names one (the in-memory store's
   * `read_artifact`). The pipeline checks it against the turn: not bound, the note says no tool
   * can read it; bound but not visible, the note says to load it with `tool_search` first.
   * Default: `howToRead` names no tool.
   */
  readonly readToolName?: string;
}
