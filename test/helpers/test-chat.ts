import { AbstractChat, type ChatInit, type ChatState, type ChatStatus, type UIMessage } from 'ai';

/**
 * The SDK's chat core (`AbstractChat`, what `useChat` wraps) with a plain in-memory state: no
 * framework, the same request, stream processing and message updates as in a browser.
 */
export class TestChat<UI_MESSAGE extends UIMessage> extends AbstractChat<UI_MESSAGE> {
  constructor(init: ChatInit<UI_MESSAGE>) {
    super({ ...init, state: new MemoryChatState<UI_MESSAGE>(init.messages ?? []) });
  }
}

class MemoryChatState<UI_MESSAGE extends UIMessage> implements ChatState<UI_MESSAGE> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  constructor(public messages: UI_MESSAGE[]) {}
  pushMessage = (message: UI_MESSAGE) => {
    this.messages = [...this.messages, message];
  };
  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index: number, message: UI_MESSAGE) => {
    this.messages = [...this.messages.slice(0, index), message, ...this.messages.slice(index + 1)];
  };
  snapshot = <T>(value: T): T => structuredClone(value);
}
