import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { readDemoTranscript, type TranscriptCall } from './read-demo-transcript.js';

/** What the embedded model does in one chat step: think, then call tools or answer. */
export type ChatDecision =
  | { readonly type: 'tool-calls'; readonly reasoning: string; readonly toolCalls: readonly { readonly toolName: string; readonly input: unknown }[] }
  | { readonly type: 'text'; readonly reasoning: string; readonly text: string };

/** The line of the chat's system instructions that names the workspace (`chatInstructions`). */
export const CHAT_WORKSPACE_LINE = /^Chat workspace: (.+)$/m;

/** One kind of request the embedded model can act on, and the tool it takes (found by name suffix). */
interface ChatGoal {
  readonly label: string;
  readonly toolName: string;
  readonly query: string;
  readonly input: unknown;
  /** Said in the reasoning before the call. */
  readonly why: string;
}

/** The file a request names (`notes.md`), else `note.md`. */
const FILE_NAME = /\b([\w-]+\.(?:md|txt|json|csv|html))\b/i;
/** Text in straight or curly quotes. */
const QUOTED = /["“]([^"”]+)["”]|'([^']+)'/;

/**
 * The embedded model's policy for `turnscope chat`, a pure function of the request
 * (deterministic). It reads the person's latest user message and the workspace from the
 * system line {@link CHAT_WORKSPACE_LINE}, and acts on one of four requests:
 *
 * - write (`write`, `save`, `note` …): `write_file` at the named file (`notes.md`; default
 *   `note.md`) in the workspace, with the quoted text as content (else the text after `saying`,
 *   `:` or the whole request);
 * - remember (`remember`): `create_entities` with one entity holding the request as observation;
 * - read (`read`, `show`, `open` with a file name): `read_text_file`;
 * - list (`list`, `files`, `ls`): `list_directory` on the workspace.
 *
 * Every step starts with reasoning. While the tool is not visible it searches for it (a task
 * query), then calls it on the step after; once the call has a result in the prompt (ok, failed
 * or denied) it answers from it. A request it does not recognise is searched with its own words
 * and answered with what the search found. Without the workspace line or a user message it
 * answers that it cannot help.
 */
export function decideChatStep(options: Pick<LanguageModelV4CallOptions, 'prompt' | 'tools'>): ChatDecision {
  const workspace = systemText(options.prompt).match(CHAT_WORKSPACE_LINE)?.[1]?.trim();
  const lastUser = options.prompt.findLastIndex((message) => message.role === 'user');
  if (workspace === undefined || lastUser === -1) {
    return { type: 'text', reasoning: 'There is no chat workspace or user message in the prompt.', text: 'I have nothing to work on: send me a request.' };
  }
  const request = userText(options.prompt[lastUser]!);
  const transcript = readDemoTranscript(options.prompt.slice(lastUser));
  const visible = (options.tools ?? []).filter((tool) => tool.type === 'function').map((tool) => tool.name);
  const goal = chatGoal(request, workspace);
  const searches = transcript.calls.filter((call) => call.toolName === 'tool_search');

  if (goal === undefined) {
    const search = searches.at(-1);
    if (search === undefined) {
      return {
        type: 'tool-calls',
        reasoning: `I do not know a tool for "${request}" yet, so I search the catalog with the request's own words.`,
        toolCalls: [{ toolName: 'tool_search', input: { query: request } }],
      };
    }
    const found = activatedBy(search);
    return {
      type: 'text',
      reasoning: `The search for "${request}" came back${found.length === 0 ? ' empty' : ` with ${found.join(', ')}`}, but I only know how to write, remember, read and list.`,
      text:
        (found.length === 0 ? `I searched the catalog for "${request}" and found nothing. ` : `I searched the catalog for "${request}" and loaded ${found.join(', ')}. `) +
        'This embedded demo model only acts on requests to write a file, remember something, read a file or list the workspace; ' +
        'start turnscope chat with --model for a real model.',
    };
  }

  const call = transcript.calls.find((candidate) => matches(goal, candidate.toolName));
  if (call?.result !== undefined) return answer(goal, call);
  const name = pick(goal, visible, transcript.activated);
  if (name !== undefined) {
    return { type: 'tool-calls', reasoning: `${name} is callable now. ${goal.why}`, toolCalls: [{ toolName: name, input: goal.input }] };
  }
  if (searches.some((search) => (search.input as { query?: unknown } | null)?.query === goal.query) || !visible.includes('tool_search')) {
    return {
      type: 'text',
      reasoning: `I searched for "${goal.query}" and no ${goal.toolName} tool became callable.`,
      text: `I could not find a tool to ${goal.label}: the search for "${goal.query}" did not load one.`,
    };
  }
  return {
    type: 'tool-calls',
    reasoning: `To ${goal.label} I need a ${goal.toolName} tool. None of the visible tools is one; the catalog behind tool_search should have it, so I search for "${goal.query}".`,
    toolCalls: [{ toolName: 'tool_search', input: { query: goal.query } }],
  };
}

function chatGoal(request: string, workspace: string): ChatGoal | undefined {
  const file = FILE_NAME.exec(request)?.[1];
  const path = `${workspace.replace(/\/+$/, '')}/${file ?? 'note.md'}`;
  if (/\b(write|save|note|jot)\b/i.test(request)) {
    const content = quotedText(request) ?? /\bsaying\s+(.+?)(?:\s+(?:to|in|into)\s+\S+)?\s*$/i.exec(request)?.[1] ?? /:\s*(.+)$/.exec(request)?.[1] ?? request;
    return {
      label: `write ${path}`,
      toolName: 'write_file',
      query: 'write a file',
      input: { path, content },
      why: `Writing ${path} changes the workspace, so this call waits for your approval.`,
    };
  }
  if (/\bremember\b/i.test(request)) {
    const name = quotedText(request) ?? 'chat-note';
    return {
      label: `remember ${name}`,
      toolName: 'create_entities',
      query: 'remember an entity in the memory knowledge graph',
      input: { entities: [{ name, entityType: 'note', observations: [request] }] },
      why: `Storing ${name} in the memory graph changes it, so this call waits for your approval.`,
    };
  }
  if (file !== undefined && /\b(read|show|open|cat)\b/i.test(request)) {
    return { label: `read ${path}`, toolName: 'read_text_file', query: 'read a text file', input: { path }, why: `Reading ${path} changes nothing, so it runs at once.` };
  }
  if (/\b(list|files|ls|directory)\b/i.test(request)) {
    return { label: `list ${workspace}`, toolName: 'list_directory', query: 'list the files in a directory', input: { path: workspace }, why: 'Listing changes nothing, so it runs at once.' };
  }
  return undefined;
}

function answer(goal: ChatGoal, call: TranscriptCall): ChatDecision {
  const result = call.result!;
  if (result.denied === true) {
    return {
      type: 'text',
      reasoning: `The ${call.toolName} call was denied, so it did not run.`,
      text: `You denied ${call.toolName}, so I did not ${goal.label}.${result.text === '' ? '' : ` (${result.text})`}`,
    };
  }
  if (!result.ok) {
    return { type: 'text', reasoning: `The ${call.toolName} call failed; I report what it said.`, text: `I could not ${goal.label}: ${result.text}` };
  }
  return {
    type: 'text',
    reasoning: `The ${call.toolName} call succeeded; I answer with what it returned.`,
    text: `Done: ${goal.label}. The tool said: ${result.text}`,
  };
}

function quotedText(request: string): string | undefined {
  const match = QUOTED.exec(request);
  return match === null ? undefined : (match[1] ?? match[2]);
}

function matches(goal: ChatGoal, name: string): boolean {
  return name === goal.toolName || name.endsWith(`_${goal.toolName}`);
}

/** A visible tool for the goal, preferring one a search reported as activated. */
function pick(goal: ChatGoal, names: readonly string[], activated: readonly string[]): string | undefined {
  const candidates = names.filter((name) => matches(goal, name));
  return candidates.find((name) => activated.includes(name)) ?? candidates[0];
}

function activatedBy(search: TranscriptCall): string[] {
  const names = (search.result?.value as { activated?: unknown } | undefined)?.activated;
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
}

function systemText(prompt: LanguageModelV4Prompt): string {
  return prompt.map((message) => (message.role === 'system' ? message.content : '')).join('\n');
}

function userText(message: LanguageModelV4Prompt[number]): string {
  if (message.role !== 'user') return '';
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n')
    .trim();
}
