import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { CHAT_WORKSPACE_LINE, decideChatStep } from './decide-chat-step.js';
import { decideDemoStep } from './decide-demo-step.js';
import { readDemoTask } from './read-demo-task.js';

/** One request the demo model received. */
export interface DemoModelRequest {
  /** 0-based: the number of assistant messages in the prompt. */
  readonly stepIndex: number;
  /** Names of the tool definitions in the request, in request order. */
  readonly visible: readonly string[];
}

/** Options of {@link DemoModel}. */
export interface DemoModelOptions {
  /**
   * Milliseconds between two stream parts of a chat step, so a page shows the reasoning and the
   * answer arrive word by word (`turnscope chat` uses 25). Default 0: every part at once. The
   * demo task's steps never wait.
   */
  readonly chunkDelayMs?: number;
}

/**
 * The demo's embedded model: a deterministic `LanguageModelV4` (no network, no randomness)
 * that decides every step from the request alone. A prompt holding the demo task gets
 * `decideDemoStep`'s policy; one whose system instructions name a chat workspace
 * (`turnscope chat`, {@link CHAT_WORKSPACE_LINE}) gets `decideChatStep`'s.
 * Streaming only: `doStream` emits `stream-start`, then — for a chat step — one reasoning block
 * (`reasoning-<step>`, a delta per word), then either one `tool-call` part per call
 * (JSON-string input, ids `demo-<step>-<n>`) or one text block (one delta for the demo task, a
 * delta per word for a chat step), then `finish` with the unified reason `tool-calls` or `stop`
 * and an estimated usage (characters / 4, rounded up).
 */
export class DemoModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = 'turnscope-demo';
  readonly modelId = 'deterministic-planner';
  readonly supportedUrls: Record<string, RegExp[]> = {};
  /** Every request received, in order (retries included). */
  readonly requests: DemoModelRequest[] = [];
  private readonly chunkDelayMs: number;

  constructor(options: DemoModelOptions = {}) {
    this.chunkDelayMs = options.chunkDelayMs ?? 0;
  }

  /** Not supported: the runtime streams every step. Always rejects. */
  async doGenerate(_options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    throw new Error('DemoModel supports streaming only: call doStream (streamText), not doGenerate.');
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const stepIndex = options.prompt.filter((message) => message.role === 'assistant').length;
    this.requests.push({ stepIndex, visible: (options.tools ?? []).map((tool) => tool.name) });
    const chat = readDemoTask(options.prompt) === undefined && options.prompt.some((message) => message.role === 'system' && CHAT_WORKSPACE_LINE.test(message.content));
    const chatDecision = chat ? decideChatStep({ prompt: options.prompt, tools: options.tools }) : undefined;
    const decision = chatDecision ?? decideDemoStep({ prompt: options.prompt, tools: options.tools });

    const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
    let outputChars = 0;
    if (chatDecision !== undefined) {
      const id = `reasoning-${stepIndex}`;
      outputChars += chatDecision.reasoning.length;
      parts.push({ type: 'reasoning-start', id }, ...words(chatDecision.reasoning).map((delta) => ({ type: 'reasoning-delta' as const, id, delta })), { type: 'reasoning-end', id });
    }
    if (decision.type === 'tool-calls') {
      decision.toolCalls.forEach((call, index) => {
        const input = JSON.stringify(call.input);
        outputChars += call.toolName.length + input.length;
        parts.push({ type: 'tool-call', toolCallId: `demo-${stepIndex}-${index}`, toolName: call.toolName, input });
      });
    } else {
      const id = `text-${stepIndex}`;
      outputChars += decision.text.length;
      const deltas = chat ? words(decision.text) : [decision.text];
      parts.push({ type: 'text-start', id }, ...deltas.map((delta) => ({ type: 'text-delta' as const, id, delta })), { type: 'text-end', id });
    }
    const unified = decision.type === 'tool-calls' ? 'tool-calls' : 'stop';
    parts.push({
      type: 'finish',
      finishReason: { unified, raw: unified },
      usage: estimatedUsage(JSON.stringify({ prompt: options.prompt, tools: options.tools ?? [] }).length, outputChars),
    });

    const delayMs = chat ? this.chunkDelayMs : 0;
    const signal = options.abortSignal;
    return {
      stream: new ReadableStream<LanguageModelV4StreamPart>({
        async start(controller) {
          for (const [index, part] of parts.entries()) {
            if (delayMs > 0 && index > 0) await pause(delayMs, signal);
            if (signal?.aborted === true) return controller.error(signal.reason);
            controller.enqueue(part);
          }
          controller.close();
        },
      }),
    };
  }
}

/** `text` cut after each space, so the deltas join back to it exactly. */
function words(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

function estimatedUsage(inputChars: number, outputChars: number): LanguageModelV4Usage {
  const input = Math.ceil(inputChars / 4);
  const output = Math.ceil(outputChars / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}
