import type { LanguageModel, ModelMessage, Tool, ToolSet } from 'ai';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import { nameKeyedRecord } from '../catalog/name-keyed-record.js';

/**
 * The name `tool_search` goes out under on OpenAI's Responses API, where `tool_search` is the
 * name of OpenAI's own hosted tool search (`@ai-sdk/openai` maps the provider tool
 * `openai.tool_search` to it, and reads every `tool_search_call` item back as a call named
 * `tool_search`). Reserved: a bound tool may not use it.
 */
export const TOOL_SEARCH_WIRE_ALIAS = 'turnscope_tool_search';

/**
 * How one provider request names the tools: `toWire` for what goes out, `fromWire` for what
 * comes back. Everything outside the request (stream parts, telemetry, the transcript in
 * `result.messages`) uses canonical names.
 */
export interface WireToolNames {
  /** The model to hand to `streamText` (a string id resolved through the global provider when one is set). */
  readonly model: LanguageModel;
  /** True when `tool_search` goes out as {@link TOOL_SEARCH_WIRE_ALIAS}. */
  readonly aliased: boolean;
  toWire(name: string): string;
  fromWire(name: string): string;
  /** The tool set keyed by wire names; memoized per tool set, so equal bindings give equal bytes. */
  tools(tools: ToolSet): ToolSet;
  /** Copies of the messages whose tool parts carry wire names (the same array when nothing changes). */
  messagesToWire(messages: readonly ModelMessage[]): ModelMessage[];
  /** Copies of the messages whose tool parts carry canonical names. */
  messagesFromWire(messages: readonly ModelMessage[]): ModelMessage[];
}

/**
 * Decides the tool names of a request from the model it goes to. A model whose `provider` ends
 * in `.responses` (`openai.responses`, what `openai(id)` and `openai.responses(id)` report, and
 * the same API under a custom `createOpenAI({ name })`) gets the alias; every other model —
 * `openai.chat`, `anthropic.messages`, a mock — gets canonical names. A string id is resolved
 * through `globalThis.AI_SDK_DEFAULT_PROVIDER` when one is set (as `streamText` would); with
 * none it goes to the AI Gateway under canonical names.
 *
 * On the alias wire a call that comes back as `tool_search` itself (the model ignored the
 * alias) stays `tool_search`: the alias is reserved, so the mapping back is never ambiguous.
 */
export function toolSearchWireNames(model: LanguageModel): WireToolNames {
  const resolved = typeof model === 'string' ? (globalThis.AI_SDK_DEFAULT_PROVIDER?.languageModel(model) ?? model) : model;
  const aliased = typeof resolved !== 'string' && resolved.provider.endsWith('.responses');
  if (!aliased) return { model: resolved, aliased, ...IDENTITY };
  return {
    model: resolved,
    aliased,
    toWire: (name) => (name === TOOL_SEARCH_NAME ? TOOL_SEARCH_WIRE_ALIAS : name),
    fromWire: (name) => (name === TOOL_SEARCH_WIRE_ALIAS ? TOOL_SEARCH_NAME : name),
    tools: aliasToolSet,
    messagesToWire: (messages) => renameToolParts(messages, TOOL_SEARCH_NAME, TOOL_SEARCH_WIRE_ALIAS),
    messagesFromWire: (messages) => renameToolParts(messages, TOOL_SEARCH_WIRE_ALIAS, TOOL_SEARCH_NAME),
  };
}

const IDENTITY = {
  toWire: (name: string) => name,
  fromWire: (name: string) => name,
  tools: (tools: ToolSet) => tools,
  messagesToWire: (messages: readonly ModelMessage[]) => messages as ModelMessage[],
  messagesFromWire: (messages: readonly ModelMessage[]) => messages as ModelMessage[],
};

const aliasedToolSets = new WeakMap<ToolSet, ToolSet>();
/** `tool_search` as a whole word: not inside another name such as `my_tool_search`. */
const TOOL_SEARCH_WORD = new RegExp(`(?<![A-Za-z0-9_-])${TOOL_SEARCH_NAME}(?![A-Za-z0-9_-])`, 'g');

/**
 * Characters `text` grows by when it goes out in `tool_search`'s description on the alias wire,
 * where every whole-word `tool_search` becomes {@link TOOL_SEARCH_WIRE_ALIAS} (10 characters
 * more each): what a budget of that description must count so it holds on every wire (C23).
 * `0` for a text without the word.
 */
export function toolSearchAliasGrowth(text: string): number {
  if (!text.includes(TOOL_SEARCH_NAME)) return 0;
  return (text.match(TOOL_SEARCH_WORD)?.length ?? 0) * (TOOL_SEARCH_WIRE_ALIAS.length - TOOL_SEARCH_NAME.length);
}

/**
 * The same tools in the same key order, `tool_search` renamed; its description names the
 * alias too ("call tool_search, then …"), so the model is told the name it can call.
 */
function aliasToolSet(tools: ToolSet): ToolSet {
  const known = aliasedToolSets.get(tools);
  if (known !== undefined) return known;
  const aliased: ToolSet = nameKeyedRecord<Tool>();
  for (const [name, tool] of Object.entries(tools)) {
    if (name !== TOOL_SEARCH_NAME) {
      aliased[name] = tool;
      continue;
    }
    const description = typeof tool.description === 'string' ? tool.description.replace(TOOL_SEARCH_WORD, TOOL_SEARCH_WIRE_ALIAS) : tool.description;
    aliased[TOOL_SEARCH_WIRE_ALIAS] = { ...tool, description } as Tool;
  }
  Object.freeze(aliased);
  aliasedToolSets.set(tools, aliased);
  return aliased;
}

function renameToolParts(messages: readonly ModelMessage[], from: string, to: string): ModelMessage[] {
  let changed = false;
  const renamed = messages.map((message) => {
    if ((message.role !== 'assistant' && message.role !== 'tool') || typeof message.content === 'string') return message;
    let partChanged = false;
    const content = message.content.map((part) => {
      if (!('toolName' in part) || part.toolName !== from) return part;
      partChanged = true;
      return { ...part, toolName: to };
    });
    if (!partChanged) return message;
    changed = true;
    return { ...message, content } as ModelMessage;
  });
  return changed ? renamed : (messages as ModelMessage[]);
}
