import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { decideDemoStep } from './decide-demo-step.js';

/** One request the demo model received. */
export interface DemoModelRequest {
  /** 0-based: the number of assistant messages in the prompt. */
  readonly stepIndex: number;
  /** Names of the tool definitions in the request, in request order. */
  readonly visible: readonly string[];
}

/**
 * The demo's embedded model: a deterministic `LanguageModelV4` (no network, no randomness)
 * that decides every step from the request alone — see `decideDemoStep` for the policy.
 * Streaming only: `doStream` emits `stream-start`, then either one `tool-call` part per call
 * (JSON-string input, ids `demo-<step>-<n>`) or one text block, then `finish` with the
 * unified reason `tool-calls` or `stop` and an estimated usage (characters / 4, rounded up).
 */
export class DemoModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = 'turnscope-demo';
  readonly modelId = 'deterministic-planner';
  readonly supportedUrls: Record<string, RegExp[]> = {};
  /** Every request received, in order (retries included). */
  readonly requests: DemoModelRequest[] = [];

  /** Not supported: the runtime streams every step. Always rejects. */
  async doGenerate(_options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    throw new Error('DemoModel supports streaming only: call doStream (streamText), not doGenerate.');
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const stepIndex = options.prompt.filter((message) => message.role === 'assistant').length;
    this.requests.push({ stepIndex, visible: (options.tools ?? []).map((tool) => tool.name) });
    const decision = decideDemoStep({ prompt: options.prompt, tools: options.tools });

    const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
    let outputChars = 0;
    if (decision.type === 'tool-calls') {
      decision.toolCalls.forEach((call, index) => {
        const input = JSON.stringify(call.input);
        outputChars += call.toolName.length + input.length;
        parts.push({ type: 'tool-call', toolCallId: `demo-${stepIndex}-${index}`, toolName: call.toolName, input });
      });
    } else {
      const id = `text-${stepIndex}`;
      outputChars = decision.text.length;
      parts.push({ type: 'text-start', id }, { type: 'text-delta', id, delta: decision.text }, { type: 'text-end', id });
    }
    const unified = decision.type === 'tool-calls' ? 'tool-calls' : 'stop';
    parts.push({
      type: 'finish',
      finishReason: { unified, raw: unified },
      usage: estimatedUsage(JSON.stringify({ prompt: options.prompt, tools: options.tools ?? [] }).length, outputChars),
    });

    return {
      stream: new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    };
  }
}

function estimatedUsage(inputChars: number, outputChars: number): LanguageModelV4Usage {
  const input = Math.ceil(inputChars / 4);
  const output = Math.ceil(outputChars / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}
