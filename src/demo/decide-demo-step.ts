import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import type { DemoTask } from './create-demo-task.js';
import { EXEC_TOOL_NAME } from '../code-mode/code-mode-options.js';
import { readDemoTask } from './read-demo-task.js';
import { readDemoTranscript, type DemoTranscript } from './read-demo-transcript.js';

/** What the embedded model does in one step: call tools, or answer with text. */
export type DemoDecision =
  | { readonly type: 'tool-calls'; readonly toolCalls: readonly { readonly toolName: string; readonly input: unknown }[] }
  | { readonly type: 'text'; readonly text: string };

/** One part of the task and the tool it needs, found by name suffix (`write_file` matches `mcp__filesystem__write_file`). */
interface Goal {
  readonly label: string;
  readonly toolName: string;
  /** The first search for the tool; if it does not make the tool visible, the model searches for the name itself. */
  readonly query: string;
  /** Goals that must have succeeded before this one is called (list after write). */
  readonly after: readonly string[];
  readonly input: (task: DemoTask) => unknown;
}

const GOALS: readonly Goal[] = [
  {
    label: 'write',
    toolName: 'write_file',
    query: 'write a file',
    after: [],
    input: (task) => ({ path: task.filePath, content: task.fileContent }),
  },
  {
    label: 'remember',
    toolName: 'create_entities',
    query: 'remember an entity in the memory knowledge graph',
    after: [],
    input: (task) => ({
      entities: [{ name: task.entity.name, entityType: task.entity.entityType, observations: [task.entity.observation] }],
    }),
  },
  {
    label: 'list',
    toolName: 'list_directory',
    query: 'list the files in a directory',
    after: ['write'],
    input: (task) => ({ path: task.workspaceDir }),
  },
];

/** Failed calls of one goal's tool after which the model stops trying it. */
const MAX_FAILED_CALLS = 3;

/**
 * The embedded model's policy, a pure function of the request (deterministic):
 *
 * - the task comes from the user message, the tool names from the request: the visible tool
 *   definitions (`options.tools`) and the inventory inside `tool_search`'s description;
 * - every step, each unfinished goal whose tool is visible (and whose prerequisites succeeded)
 *   is called, and the first unfinished goal whose tool is not visible is searched for
 *   (first with a task query, then with the tool name); a goal is given up after both
 *   searches failed to make its tool visible, after 3 failed calls, or when a goal it needs
 *   was given up;
 * - on step 0 it also calls the first goal's tool right away by its inventory name, in the
 *   same step as the search, which the runtime must reject (C14);
 * - with nothing left to do it answers with a summary built from the tool results;
 * - in code mode (`exec` is visible, `turnscope demo --code-mode`) the goal calls of a step go
 *   into one `exec` call whose code calls them as `tools.<name>(input)` and returns their
 *   outputs by tool name; searches stay direct calls.
 */
export function decideDemoStep(options: Pick<LanguageModelV4CallOptions, 'prompt' | 'tools'>): DemoDecision {
  const task = readDemoTask(options.prompt);
  if (task === undefined) return { type: 'text', text: 'I did not find the demo task in the prompt.' };
  const transcript = readDemoTranscript(options.prompt);
  const tools = (options.tools ?? []).filter((tool) => tool.type === 'function');
  const visible = tools.map((tool) => tool.name);
  const inventory = inventoryNames(tools.find((tool) => tool.name === 'tool_search')?.description ?? '');

  const toolCalls: { toolName: string; input: unknown }[] = [];
  const codeCalls: { toolName: string; input: unknown }[] = [];
  const codeMode = visible.includes(EXEC_TOOL_NAME);
  const givenUp = new Set<string>();
  let searched = false;
  for (const goal of GOALS) {
    if (succeeded(goal, transcript)) continue;
    if (failedCalls(goal, transcript) >= MAX_FAILED_CALLS || goal.after.some((label) => givenUp.has(label))) {
      givenUp.add(goal.label);
      continue;
    }
    const name = pick(goal, visible, transcript.activated);
    if (name !== undefined) {
      if (goal.after.every((label) => succeeded(GOALS.find((other) => other.label === label)!, transcript))) {
        (codeMode ? codeCalls : toolCalls).push({ toolName: name, input: goal.input(task) });
      }
      continue;
    }
    const query = [goal.query, goal.toolName].find((candidate) => !transcript.searchedQueries.includes(candidate));
    if (query === undefined || !visible.includes('tool_search')) {
      givenUp.add(goal.label);
      continue;
    }
    if (searched) continue;
    toolCalls.push({ toolName: 'tool_search', input: { query } });
    searched = true;
    const inventoryName = pick(goal, inventory, []);
    if (transcript.stepIndex === 0 && inventoryName !== undefined) {
      toolCalls.push({ toolName: inventoryName, input: goal.input(task) });
    }
  }
  if (codeCalls.length > 0) toolCalls.unshift({ toolName: EXEC_TOOL_NAME, input: { code: execCode(codeCalls) } });
  return toolCalls.length > 0 ? { type: 'tool-calls', toolCalls } : { type: 'text', text: summary(task, transcript) };
}

/**
 * The code of the demo's `exec` call: each call in turn, and the text of each MCP result
 * (its text content parts) returned by tool name — the rest of the result stays in the sandbox.
 */
export function execCode(calls: readonly { readonly toolName: string; readonly input: unknown }[]): string {
  return [
    'const text = (result) => (result.content ?? []).map((part) => part.text ?? "").join("\\n");',
    'const results = Object.create(null);',
    ...calls.map((call) => {
      const callee = /^[A-Za-z_$][\w$]*$/.test(call.toolName) ? `tools.${call.toolName}` : `tools[${JSON.stringify(call.toolName)}]`;
      return `results[${JSON.stringify(call.toolName)}] = text(await ${callee}(${JSON.stringify(call.input)}));`;
    }),
    'return results;',
  ].join('\n');
}

function matches(goal: Goal, name: string): boolean {
  return name === goal.toolName || name.endsWith(`_${goal.toolName}`);
}

/** A visible tool for the goal, preferring one a search reported as activated. */
function pick(goal: Goal, names: readonly string[], activated: readonly string[]): string | undefined {
  const candidates = names.filter((name) => matches(goal, name));
  return candidates.find((name) => activated.includes(name)) ?? candidates[0];
}

function succeeded(goal: Goal, transcript: DemoTranscript): boolean {
  return transcript.calls.some((call) => matches(goal, call.toolName) && call.result?.ok === true);
}

function failedCalls(goal: Goal, transcript: DemoTranscript): number {
  return transcript.calls.filter((call) => matches(goal, call.toolName) && call.result?.ok === false).length;
}

/** Canonical names listed in the inventory part of the `tool_search` description (`- name` lines). */
function inventoryNames(description: string): string[] {
  return [...description.matchAll(/^- (\S+)$/gm)].map((match) => match[1]!);
}

function summary(task: DemoTask, transcript: DemoTranscript): string {
  const done = (label: string) => succeeded(GOALS.find((goal) => goal.label === label)!, transcript);
  const listing = transcript.calls.find((call) => matches(GOALS[2]!, call.toolName) && call.result?.ok === true);
  const parts = [
    done('write') ? `wrote ${task.filePath} (${task.fileContent.length} characters)` : `could not write ${task.filePath}`,
    done('remember') ? `remembered ${task.entity.name} as a ${task.entity.entityType}` : `could not remember ${task.entity.name}`,
    listing !== undefined
      ? `the workspace lists: ${listing.result!.text.split('\n').join(', ')}`
      : 'could not list the workspace',
  ];
  const allDone = done('write') && done('remember') && listing !== undefined;
  return `${allDone ? 'Done' : 'Not everything worked'}: ${parts.join('; ')}.`;
}
