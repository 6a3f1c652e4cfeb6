import { AbstractChat, type ChatInit, type ChatState, type ChatStatus, type UIMessage } from 'ai';

/**
 * The AI SDK's chat core with plain-DOM state: `AbstractChat` (what `useChat` wraps) over a
 * {@link ChatState} that calls `onChange` after every change of the messages, the status or the
 * error, so the page re-renders. No framework.
 */
export class BrowserChat<MESSAGE extends UIMessage> extends AbstractChat<MESSAGE> {
  constructor(options: Omit<ChatInit<MESSAGE>, 'messages'> & { readonly messages?: MESSAGE[]; readonly onChange: () => void }) {
    const { messages, onChange, ...init } = options;
    super({ ...init, state: new ListenedChatState<MESSAGE>(messages ?? [], onChange) });
  }
}

/** Messages, status and error with a change callback. Messages are replaced, never mutated in place. */
class ListenedChatState<MESSAGE extends UIMessage> implements ChatState<MESSAGE> {
  #messages: MESSAGE[];
  #status: ChatStatus = 'ready';
  #error: Error | undefined;
  readonly #onChange: () => void;

  constructor(messages: MESSAGE[], onChange: () => void) {
    this.#messages = messages;
    this.#onChange = onChange;
  }

  get status(): ChatStatus {
    return this.#status;
  }

  set status(status: ChatStatus) {
    this.#status = status;
    this.#onChange();
  }

  get error(): Error | undefined {
    return this.#error;
  }

  set error(error: Error | undefined) {
    this.#error = error;
    this.#onChange();
  }

  get messages(): MESSAGE[] {
    return this.#messages;
  }

  set messages(messages: MESSAGE[]) {
    this.#messages = [...messages];
    this.#onChange();
  }

  pushMessage = (message: MESSAGE): void => {
    this.messages = [...this.#messages, message];
  };

  popMessage = (): void => {
    this.messages = this.#messages.slice(0, -1);
  };

  replaceMessage = (index: number, message: MESSAGE): void => {
    this.messages = [...this.#messages.slice(0, index), this.snapshot(message), ...this.#messages.slice(index + 1)];
  };

  snapshot = <T>(thing: T): T => structuredClone(thing);
}
