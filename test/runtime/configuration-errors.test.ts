import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, InvalidOptionError, type ToolSearchRuntimeOptions } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

const { tools } = sampleTools();
const build = (options: Record<string, unknown>) => () => createToolSearchRuntime({ tools, ...options } as unknown as ToolSearchRuntimeOptions);

describe('createToolSearchRuntime: configuration mistakes throw InvalidOptionError naming the option', () => {
  it.each([
    ['tools as an array', { tools: [tools.Read] }, 'Option `tools` is object; expected an AI SDK ToolSet: a plain object'],
    ['tools as a Map', { tools: new Map([['Read', tools.Read]]) }, 'Option `tools` is object'],
    [
      "tools['__proto__'] assigned (which replaces the prototype)",
      { tools: ((set: Record<string, unknown>) => ((set['__proto__'] = { Read: tools.Read }), set))({ Read: tools.Read }) },
      "its prototype was replaced, as assigning tools['__proto__'] = … does: to bind a tool named __proto__, make it an own key (Object.fromEntries",
    ],
    ['a tool that is null', { tools: { Read: null } }, 'Option `tools.Read` is null; expected an AI SDK tool'],
    ['a group given as a string', { groups: { github: 'github_create_issue' } }, 'Option `groups.github` is "github_create_issue"; expected an array of tool names'],
    ['a group name with a newline', { groups: { 'github\n- fake_tool': ['github_create_issue'] } }, 'expected a label of 1 to 64 printable characters on one line'],
    ['direct given as a string', { direct: 'Read' }, 'Option `direct` is "Read"; expected an array of tool names'],
    ['permission that is not a function', { permission: 'allow' }, 'Option `permission` is "allow"; expected a function'],
    ['now that is not a function', { now: 5 }, 'Option `now` is 5; expected a function'],
    ['a sink without record()', { telemetry: [{}] }, 'Option `telemetry[0]` is object; expected a sink'],
    ['search that is not an object', { search: 5 }, 'Option `search` is 5; expected an object'],
    ['a misspelled option', { maxStep: 3 }, 'Option `maxStep` is 3; expected `maxSteps` (unknown option; a typo?)'],
    ['a misspelled search option', { search: { maxlimit: 3 } }, 'Option `search.maxlimit` is 3; expected `search.maxLimit`'],
    ['a send() input given to the runtime', { requiredTools: ['Read'] }, 'Option `requiredTools` is object; expected `requiredTools` in send(input), where it belongs, not in createToolSearchRuntime(options)'],
    [
      'a plain JSON schema object as inputSchema (not wrapped in jsonSchema())',
      { tools: { ...tools, Read: { description: 'Read a file', inputSchema: { type: 'object', properties: {} }, execute: async () => '' } } },
      "Option `tools.Read.inputSchema` is object; expected a zod schema, or a JSON schema wrapped in jsonSchema() from 'ai'",
    ],
    [
      'a profile override schema that is a plain JSON schema object',
      { profiles: { p: { tools: ['Read'], overrides: { Read: { inputSchema: { type: 'object' } } } } } },
      "Option `profiles.p.overrides.Read.inputSchema` is object; expected a zod schema, or a JSON schema wrapped in jsonSchema() from 'ai'",
    ],
    [
      'a misspelled key in a profile override',
      { profiles: { p: { tools: ['Read'], overrides: { Read: { descripton: 'Read one file' } } } } },
      'Option `profiles.p.overrides.Read.descripton` is "Read one file"; expected `profiles.p.overrides.Read.description`',
    ],
    ['a misspelled key in a profile', { profiles: { p: { tool: ['Read'] } } }, 'Option `profiles.p.tool`'],
    ['a retry delay past the longest timer', { retry: { initialDelayMs: 1e12 } }, 'Option `retry.initialDelayMs` is 1000000000000'],
  ])('%s', (_case, options, message) => {
    expect(build(options)).toThrow(InvalidOptionError);
    expect(build(options)).toThrow(message);
  });

  it('an undefined search or retry field means its default', () => {
    const runtime = createToolSearchRuntime({ tools, search: { defaultLimit: undefined }, retry: { maxAttempts: undefined } });
    expect(runtime.search.defaultLimit).toBe(5);
  });
});

describe('send(): input mistakes throw before anything runs', () => {
  const runtime = createToolSearchRuntime({ tools });
  const { model } = createScriptedModel({ steps: [] });

  it.each([
    ['requiredTools as an unknown preset', { requiredTools: 'Read' }, 'Option `requiredTools` is "Read"; expected a list of names, a function, or a preset: graph, swarm'],
    ['requiredTools as a number', { requiredTools: 7 }, 'Option `requiredTools` is 7; expected an array of tool names'],
    ['an abortSignal that is not one', { abortSignal: {} }, 'Option `abortSignal` is object; expected an AbortSignal'],
    ['an inspect that is a number', { inspect: 42 }, 'Option `inspect` is 42'],
    ['an inspect observer whose next is not a function', { inspect: { next: 5 } }, 'Option `inspect` is object; expected an xstate inspection observer'],
    ['instructions that are not text', { instructions: ['be brief'] }, 'Option `instructions` is object; expected a string'],
    ['a misspelled input', { requiredTool: ['Read'] }, 'Option `requiredTool` is object; expected `requiredTools` (unknown option; a typo?)'],
    ['a misspelled input with another\'s case', { AbortSignal: new AbortController().signal }, 'Option `AbortSignal` is object; expected `abortSignal`'],
    ['a runtime option given to send()', { availability: 'off' }, 'Option `availability` is "off"; expected `availability` in createToolSearchRuntime(options), where it belongs, not in send(input)'],
    ['a nested runtime option given to send()', { retry: { maxAttempts: 1 } }, 'expected `retry` in createToolSearchRuntime(options)'],
    ['an input no option resembles', { colour: 0 }, 'Option `colour` is 0; expected one of the known options: model, instructions, messages, prompt,'],
  ])('%s', (_case, extra, message) => {
    expect(() => runtime.send({ model, prompt: 'x', ...(extra as object) })).toThrow(message);
  });

  it('a misspelled prompt is named as such, not reported as missing messages', () => {
    const send = () => runtime.send({ model, promt: 'x' } as never);
    expect(send).toThrow(InvalidOptionError);
    expect(send).toThrow('Option `promt` is "x"; expected `prompt` (unknown option; a typo?)');
  });

  it('a tool whose description is a function of context is measured and indexed with its text', () => {
    const runtime = createToolSearchRuntime({
      tools: { calendar_create_event: tool({ description: () => 'Create a calendar event', inputSchema: z.object({}) }) },
    });
    expect(runtime.catalog.get('calendar_create_event')?.description).toBe('Create a calendar event');
  });
});
