import type { FlexibleSchema } from 'ai';

/** A per-tool change a profile makes to what the model sees. */
export interface ToolOverride {
  /** Replaces the tool's description in requests (and in validation messages). */
  readonly description?: string;
  /**
   * Replaces the input schema sent to the provider and used by input validation, e.g. to
   * narrow what the model may pass. Its JSON schema must be available synchronously.
   */
  readonly inputSchema?: FlexibleSchema<unknown>;
}

/**
 * A named execution profile (C6): an exact ceiling for the turns that use it. `tools` are
 * canonical names that must all be bound; search never reaches outside them.
 */
export interface ExecutionProfile {
  /** The exact bound tools (B) of a turn that uses this profile. Names that are not bound are an error. */
  readonly tools: readonly string[];
  /** Prepended to the turn's own `instructions`, separated by a blank line. Default: none. */
  readonly instructions?: string;
  /** Per-tool description or schema overrides, keyed by canonical name (names must be in `tools`). */
  readonly overrides?: Readonly<Record<string, ToolOverride>>;
}

/** The names of the `headless-coding` profile: kept when bound, dropped when not. */
export const HEADLESS_CODING_TOOLS: readonly string[] = Object.freeze(['Bash', 'Read', 'Write', 'Edit', 'Glob', 'Grep']);

/** The name of the profile turnscope ships. */
export const HEADLESS_CODING_PROFILE = 'headless-coding';
