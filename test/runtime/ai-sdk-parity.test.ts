import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, InvalidOptionError } from '../../src/index.js';
import { AI_SDK_PARITY } from '../../src/runtime/ai-sdk-parity.js';
import { RUNTIME_OPTION_NAMES } from '../../src/runtime/option-names.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

/** The rows of the README's parity table: setting → 'honoured' | 'refused'. */
function readmeParityRows(): Map<string, string> {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('### AI SDK settings'));
  const table = section.slice(section.indexOf('| setting | turn |'), section.indexOf('\n\n', section.indexOf('| setting | turn |')));
  return new Map([...table.matchAll(/^\| `([^`]+)` \| (honoured|refused) \|/gm)].map((match) => [match[1]!, match[2]!]));
}

/** Every parameter name of streamText and ToolLoopAgentSettings, read from the installed ai's type declarations. */
function declaredSettingNames(): Set<string> {
  const types = readFileSync(new URL('../../node_modules/ai/dist/index.d.ts', import.meta.url), 'utf8');
  const names = new Set<string>();
  for (const start of ['declare function streamTextInternal<', 'type ToolLoopAgentSettings<']) {
    const from = types.indexOf(start);
    const body = types.slice(from, types.indexOf('\n}', from));
    for (const match of body.matchAll(/^ {2}([A-Za-z_]\w*)\??:/gm)) names.add(match[1]!);
  }
  return names;
}

describe('AI SDK parity: every streamText and ToolLoopAgentSettings key is honoured or refused', () => {
  it('the README table lists every key of AI_SDK_PARITY (whose type is every key of ai\'s types), with its status', () => {
    const rows = readmeParityRows();
    expect([...rows.keys()].sort()).toEqual(Object.keys(AI_SDK_PARITY).sort());
    for (const [name, parity] of Object.entries(AI_SDK_PARITY)) expect(rows.get(name)).toBe('honoured' in parity ? 'honoured' : 'refused');
  });

  it('the keys declared in node_modules/ai/dist/index.d.ts are all in AI_SDK_PARITY', () => {
    const declared = declaredSettingNames();
    expect(declared.size).toBeGreaterThan(40);
    for (const name of declared) expect(Object.keys(AI_SDK_PARITY)).toContain(name);
  });

  it('every refused key throws InvalidOptionError from send(): its reason, or the runtime option it names', () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const { model } = createScriptedModel({ steps: [] });
    for (const [name, parity] of Object.entries(AI_SDK_PARITY)) {
      if (!('refused' in parity)) continue;
      const send = () => runtime.send({ model, prompt: 'x', [name]: 1 } as never);
      expect(send).toThrow(InvalidOptionError);
      expect(send).toThrow((RUNTIME_OPTION_NAMES as readonly string[]).includes(name) ? `\`${name}\` in createToolSearchRuntime(options)` : `(refused: ${parity.refused})`);
    }
  });

  it("ai's own timeout forms (ms, { totalMs, stepMs, chunkMs }) say they are refused and what to use, at construction and at send(); telemetry on send() says both", () => {
    const { tools } = sampleTools();
    const { model } = createScriptedModel({ steps: [] });
    const build = (timeout: unknown) => () => createToolSearchRuntime({ tools, timeout } as never);
    const refusal = `ai's \`timeout\` (milliseconds, or { totalMs, stepMs, chunkMs }) is refused: ${AI_SDK_PARITY.timeout && 'refused' in AI_SDK_PARITY.timeout ? AI_SDK_PARITY.timeout.refused : ''}`;
    for (const timeout of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 30_000]) {
      expect(build(timeout)).toThrow(InvalidOptionError);
      expect(build(timeout)).toThrow(refusal);
    }
    for (const key of ['totalMs', 'stepMs', 'chunkMs']) expect(build({ [key]: 5 })).toThrow(`Option \`timeout.${key}\` is 5; expected no \`timeout.${key}\` (refused: ${refusal})`);
    expect(build({ toolMS: 5 })).toThrow('expected `timeout.toolMs` (unknown option; a typo?)');

    const runtime = createToolSearchRuntime({ tools });
    for (const timeout of [5_000, { totalMs: 5_000 }]) {
      const send = () => runtime.send({ model, prompt: 'x', timeout } as never);
      expect(send).toThrow('expected `timeout` in createToolSearchRuntime(options), where it belongs, not in send(input)');
      expect(send).toThrow(`as ai's \`timeout\` it is refused: ${'refused' in AI_SDK_PARITY.timeout ? AI_SDK_PARITY.timeout.refused : ''}`);
    }
    expect(() => runtime.send({ model, prompt: 'x', telemetry: [] } as never)).toThrow(`as ai's \`telemetry\` it is refused: ${'refused' in AI_SDK_PARITY.telemetry ? AI_SDK_PARITY.telemetry.refused : ''}`);
  });
});
