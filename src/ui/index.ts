// turnscope/ui: one turn as an AI SDK UI message stream, for useChat and the SDK's chat transports.
export { createTurnUIMessageStream } from './create-turn-ui-message-stream.js';
export type { TurnUIMessageStreamOptions } from './create-turn-ui-message-stream.js';
export { createTurnUIMessageStreamResponse } from './create-turn-ui-message-stream-response.js';
export type { TurnUIMessageStreamResponseOptions } from './create-turn-ui-message-stream-response.js';
export { pipeTurnUIMessageStreamToResponse } from './pipe-turn-ui-message-stream-to-response.js';
export type { TurnUIDataTypes, TurnUIMessage, TurnUIMessageChunk, TurnUIMessageMetadata } from './turn-ui-message.js';
export { createTurnChatTransport } from './create-turn-chat-transport.js';
export type { TurnChatTransportOptions } from './create-turn-chat-transport.js';
export { createTurnPartsUIMessageStream } from './create-turn-parts-ui-message-stream.js';
export type { TurnPartsUIMessageStreamOptions } from './create-turn-parts-ui-message-stream.js';
export { createTurnPartsUIMessageStreamResponse } from './create-turn-parts-ui-message-stream-response.js';
export type { TurnPartsUIMessageStreamResponseOptions } from './create-turn-parts-ui-message-stream-response.js';
export type { TurnEnd } from './create-turn-ui-chunk-mapper.js';
