import type { LanguageModel } from 'ai';
import { CliUsageError } from './cli-usage-error.js';
import { loadOptionalPackages } from './load-optional-packages.js';
import type { OptionalPackages } from './optional-packages.js';

/**
 * The model a `--model` value names.
 *
 * - `undefined` or `demo`: `undefined`, meaning the embedded deterministic demo model.
 * - `openai:<id>`: `@ai-sdk/openai` with `OPENAI_API_KEY`; the Responses API, or the Chat
 *   Completions API when `baseUrl` points at an OpenAI-compatible server.
 * - `anthropic:<id>`: `@ai-sdk/anthropic` with `ANTHROPIC_API_KEY` (and `baseUrl` if given).
 *
 * The provider packages are optional peer dependencies of turnscope, imported through
 * `packages` only when `--model` names their provider.
 *
 * @param options.env where API keys are read from (normally `process.env`).
 * @throws {CliUsageError} an unknown provider, an empty model id, or the provider's API key
 *   is not set (a local server given with `baseUrl` accepts any non-empty key).
 * @throws {MissingPeerDependencyError} the provider's package is not installed.
 */
export async function resolveCliModel(options: {
  readonly spec: string | undefined;
  readonly baseUrl: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly packages: OptionalPackages;
}): Promise<LanguageModel | undefined> {
  const { spec, baseUrl, env } = options;
  if (spec === undefined || spec === 'demo') {
    if (baseUrl !== undefined) throw new CliUsageError({ message: '--base-url needs --model openai:<id> or anthropic:<id>.' });
    return undefined;
  }
  const separator = spec.indexOf(':');
  const provider = separator === -1 ? spec : spec.slice(0, separator);
  const modelId = separator === -1 ? '' : spec.slice(separator + 1);
  if (provider !== 'openai' && provider !== 'anthropic') {
    throw new CliUsageError({
      message: `Unknown model ${JSON.stringify(spec)}: use demo, openai:<model id> or anthropic:<model id>.`,
    });
  }
  if (modelId === '') {
    throw new CliUsageError({ message: `--model ${spec} has no model id: write ${provider}:<model id>, e.g. ${example(provider)}.` });
  }
  const keyName = provider === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY';
  const apiKey = env[keyName];
  if (apiKey === undefined || apiKey === '') {
    throw new CliUsageError({
      message:
        `--model ${spec} needs ${keyName} in the environment, and it is not set. ` +
        `Set it (any non-empty value for a local server given with --base-url), or drop --model to run the embedded demo model.`,
    });
  }
  const baseURL = baseUrl === undefined ? {} : { baseURL: baseUrl };
  const packageName = provider === 'openai' ? '@ai-sdk/openai' : '@ai-sdk/anthropic';
  const [providerModule] = await loadOptionalPackages({ packages: options.packages, neededBy: `--model ${spec}`, imports: [packageName] });
  if (provider === 'openai') {
    const openai = (providerModule as typeof import('@ai-sdk/openai')).createOpenAI({ apiKey, ...baseURL });
    return baseUrl === undefined ? openai(modelId) : openai.chat(modelId);
  }
  return (providerModule as typeof import('@ai-sdk/anthropic')).createAnthropic({ apiKey, ...baseURL })(modelId);
}

function example(provider: 'openai' | 'anthropic'): string {
  return provider === 'openai' ? 'openai:gpt-4.1-mini' : 'anthropic:claude-sonnet-4-5';
}
