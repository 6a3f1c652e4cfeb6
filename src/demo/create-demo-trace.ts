import { ownValue } from '../catalog/own-value.js';
import { EXEC_TOOL_NAME } from '../code-mode/code-mode-options.js';
import { execModelView, type ExecOutput } from '../code-mode/create-exec-tool.js';
import type { TurnStreamPart } from '../runtime/turn-stream-part.js';
import { formatNumber } from './format-number.js';

/** One provider request of the turn as the demo saw it. */
export interface DemoStepRecord {
  readonly stepIndex: number;
  readonly attempt: number;
  /** The visible tool names, in request order. */
  readonly visible: readonly string[];
  /** Sum of the visible definitions' schema characters. */
  readonly schemaChars: number;
}

/** One tool call and how it ended. */
export interface DemoCallRecord {
  readonly stepIndex: number;
  /** Set for a call made by the code of this `exec` call (code mode). */
  readonly parentToolCallId?: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly outcome: string;
  /** The output's text (MCP text content, a message, or JSON), on one line. */
  readonly text: string;
}

/** One `tool_search` call and what it activated. */
export interface DemoSearchRecord {
  readonly stepIndex: number;
  readonly query: string;
  readonly activated: readonly string[];
  readonly schemaCharsActivated: number;
}

/** Prints a turn's stream as it happens and keeps what it printed as records. */
export interface DemoTrace {
  /** Feed every part of `turn.stream`, in order. */
  onPart(part: TurnStreamPart): void;
  readonly steps: readonly DemoStepRecord[];
  readonly calls: readonly DemoCallRecord[];
  readonly searches: readonly DemoSearchRecord[];
}

const WIDTH = 110;
const INDENT = '           ';

/**
 * The demo's printer. Per step it prints the visible tools with their schema characters,
 * each search with what it activated, each call with its input and outcome (the
 * `tool_search` calls are shown as searches; the calls of an `exec` call's code as `nested`,
 * before the `exec` call itself), retries, and the model's text.
 *
 * @param options.output receives one line at a time, without a trailing newline.
 */
export function createDemoTrace(options: { readonly output: (line: string) => void }): DemoTrace {
  const { output } = options;
  const steps: DemoStepRecord[] = [];
  const calls: DemoCallRecord[] = [];
  const searches: DemoSearchRecord[] = [];
  const inputs = new Map<string, unknown>();
  let text = '';
  const printList = (label: string, items: readonly string[]) => {
    wrap(items, ' · ', WIDTH - INDENT.length).forEach((line, index) => {
      output(`${index === 0 ? `  ${label.padEnd(INDENT.length - 2)}` : INDENT}${line}`);
    });
  };

  const onPart = (part: TurnStreamPart): void => {
    switch (part.type) {
      case 'step-start': {
        const schemaChars = part.visible.reduce((sum, name) => sum + (ownValue(part.schemaChars, name) ?? 0), 0);
        const previous = steps.at(-1)?.visible ?? [];
        steps.push({ stepIndex: part.stepIndex, attempt: part.attempt, visible: part.visible, schemaChars });
        const attempt = part.attempt > 1 ? ` (attempt ${part.attempt})` : '';
        output('');
        output(`step ${part.stepIndex}${attempt}: ${plural(part.visible.length, 'visible tool')}, ${formatNumber(schemaChars)} schema chars`);
        const entry = (name: string) => `${name} ${formatNumber(ownValue(part.schemaChars, name) ?? 0)}`;
        const carried = part.visible.filter((name) => previous.includes(name));
        const added = part.visible.filter((name) => !previous.includes(name));
        if (steps.length === 1) {
          printList('visible', added.map(entry));
        } else {
          printList('visible', carried.length === 0 ? ['(none before)'] : carried.map(entry));
          printList('new', added.length === 0 ? ['(none)'] : added.map(entry));
        }
        text = '';
        return;
      }
      case 'tool-call':
        inputs.set(part.toolCallId, part.input);
        return;
      case 'search': {
        searches.push({
          stepIndex: part.stepIndex,
          query: part.query,
          activated: part.activated,
          schemaCharsActivated: part.schemaCharsActivated,
        });
        const skipped = part.skipped.map((skip) => `${skip.name} (${skip.reason})`);
        output(
          `  search   ${JSON.stringify(part.query)} → activated ${part.activated.length}, ` +
            `+${formatNumber(part.schemaCharsActivated)} schema chars, visible from step ${part.stepIndex + 1}`,
        );
        if (part.activated.length > 0) printList('', part.activated);
        if (skipped.length > 0) printList('skipped', skipped);
        return;
      }
      case 'tool-result': {
        const input = inputs.get(part.toolCallId);
        const resultText = oneLine(textOf(part.toolName === EXEC_TOOL_NAME && part.outcome === 'ok' ? execModelView(part.output as ExecOutput) : part.output));
        const parent = part.parentToolCallId === undefined ? {} : { parentToolCallId: part.parentToolCallId };
        calls.push({ stepIndex: part.stepIndex, ...parent, toolName: part.toolName, input, outcome: part.outcome, text: resultText });
        if (part.toolName === 'tool_search' && part.outcome === 'ok' && part.parentToolCallId === undefined) return;
        const label = part.parentToolCallId === undefined ? 'call     ' : 'nested   ';
        const shown = part.toolName === EXEC_TOOL_NAME ? oneLine(String((input as { code?: unknown } | undefined)?.code ?? '')) : (JSON.stringify(input) ?? '');
        output(`  ${label}${part.toolName} ${truncate(shown, WIDTH - 11 - part.toolName.length)}`);
        const lines = wrap(`→ ${part.outcome}: ${resultText}`.split(' '), ' ', WIDTH - INDENT.length);
        for (const line of lines.slice(0, 3)) output(`${INDENT}${line}`);
        if (lines.length > 3) output(`${INDENT}…`);
        return;
      }
      case 'retry':
        output(`  retry    attempt ${part.attempt} in ${part.delayMs} ms after: ${truncate(part.error, 80)}`);
        return;
      case 'text-delta':
        text += part.text;
        return;
      case 'step-end':
        if (text !== '') printList('answer', wrap(text.split(' '), ' ', WIDTH - INDENT.length));
        return;
      case 'activation':
      case 'turn-end':
        return;
    }
  };
  return { onPart, steps, calls, searches };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const content = (value as { content?: unknown } | null)?.content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : ''))
      .join('\n');
  }
  return JSON.stringify(value) ?? '';
}

/** JSON compacted; other text with its lines joined by ` | `. */
function oneLine(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text.split('\n').map((line) => line.trim()).filter((line) => line !== '').join(' | ');
  }
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

function wrap(items: readonly string[], separator: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line === '' ? item : `${line}${separator}${item}`;
    if (line !== '' && next.length > width) {
      lines.push(line);
      line = item;
    } else {
      line = next;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
