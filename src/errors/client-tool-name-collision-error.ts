import { TurnscopeError } from './turnscope-error.js';

/**
 * A tool offered in `send({ clientTools })` has the canonical name of a tool bound to the
 * runtime. Code `client-tool-name-collision`. A name identifies one tool (C1), so a client
 * cannot shadow or replace a bound tool for a turn. Fix: rename the client's tool (its key in
 * `clientTools`), e.g. with the client id as a prefix.
 */
export class ClientToolNameCollisionError extends TurnscopeError {
  /** The clashing canonical name. */
  readonly toolName: string;
  /** The `clientId` of the send that offered it. */
  readonly clientId: string;

  constructor(options: { toolName: string; clientId: string }) {
    super({
      code: 'client-tool-name-collision',
      message:
        `Client ${JSON.stringify(options.clientId)} offers a tool named ${JSON.stringify(options.toolName)} in ` +
        '`clientTools`, but the runtime already binds a tool of that name. Rename the client tool ' +
        `(for example ${JSON.stringify(`${options.clientId}_${options.toolName}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64))}).`,
    });
    this.toolName = options.toolName;
    this.clientId = options.clientId;
  }
}
