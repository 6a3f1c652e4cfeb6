import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, type TurnStreamPart } from '../../src/index.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import { EXEC_TOOL_NAME } from '../../src/code-mode/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { collect, sampleTools } from '../helpers/sample-tools.js';

const exec = (code: string, toolCallId?: string) => ({ toolName: EXEC_TOOL_NAME, input: { code }, ...(toolCallId === undefined ? {} : { toolCallId }) });

function codeModeRuntime(options: { records?: TelemetryRecord[] } = {}) {
  const sample = sampleTools();
  const runtime = createToolSearchRuntime({
    tools: sample.tools,
    groups: sample.groups,
    toolMode: 'code',
    ...(options.records === undefined ? {} : { telemetry: callbackSink((record) => {
          options.records!.push(record);
        }) }),
  });
  return { runtime, log: sample.log };
}

describe('S13: code mode (toolMode: code) — exec is a required tool whose code calls tools through the same pipeline', () => {
  it('exec is visible from step 0 after D and R, never an activation, not bound, not in the inventory, not searchable', async () => {
    const { runtime } = codeModeRuntime();
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'exec run code javascript', limit: 20 } }] }, { text: 'done' }],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'look around' });
    const snapshots: { active: readonly string[]; pending: readonly string[] }[] = [];
    turn.actor.subscribe((snapshot: { context: { active: string[]; pending: string[] } }) => snapshots.push(snapshot.context));
    const result = await turn.result;

    expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read', EXEC_TOOL_NAME, 'tool_search']);
    expect(scripted.requests[1]!.toolNames.slice(0, 4)).toEqual(['Bash', 'Read', EXEC_TOOL_NAME, 'tool_search']);
    expect(scripted.requests[0]!.tools.find((tool) => tool.name === EXEC_TOOL_NAME)?.inputSchema).toMatchObject({ required: ['code'] });
    expect(result.activated).not.toContain(EXEC_TOOL_NAME);
    for (const context of snapshots) expect([...context.active, ...context.pending]).not.toContain(EXEC_TOOL_NAME);
    expect(runtime.catalog.get(EXEC_TOOL_NAME)).toBeUndefined();
    expect(runtime.inventory).not.toContain(EXEC_TOOL_NAME);
  });

  it('exec calls a visible direct tool and a tool discovered by a search in an earlier step, and gets their results', async () => {
    const records: TelemetryRecord[] = [];
    const { runtime, log } = codeModeRuntime({ records });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } }] },
        {
          toolCalls: [
            exec(
              [
                'const file = await tools.Read({ path: "/notes.md" });',
                'const [issue, again] = await Promise.all([',
                '  tools.github_create_issue({ repo: "acme/app", title: file }),',
                '  tools["github_create_issue"]({ repo: "acme/app", title: "second" }),',
                ']);',
                'console.log("created", issue.number);',
                'return { file, issue, again: again.title };',
              ].join('\n'),
              'exec-1',
            ),
          ],
        },
        { text: 'done' },
      ],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'file an issue from my notes' });
    const parts = await collect<TurnStreamPart>(turn.stream);
    const result = await turn.result;

    const execResult = result.steps[1]!.toolResults[0]!;
    expect(execResult).toMatchObject({ toolName: EXEC_TOOL_NAME, outcome: 'ok' });
    expect(execResult.output).toMatchObject({
      result: { file: 'contents of /notes.md', issue: { number: 42, title: 'contents of /notes.md' }, again: 'second' },
      logs: ['created 42'],
    });
    const calls = (execResult.output as { calls: { toolCallId: string; toolName: string; outcome: string; output: unknown }[] }).calls;
    expect(calls.map(({ toolCallId, toolName, outcome }) => ({ toolCallId, toolName, outcome }))).toEqual([
      { toolCallId: 'exec-1/1', toolName: 'Read', outcome: 'ok' },
      { toolCallId: 'exec-1/2', toolName: 'github_create_issue', outcome: 'ok' },
      { toolCallId: 'exec-1/3', toolName: 'github_create_issue', outcome: 'ok' },
    ]);
    expect(log.map((entry) => entry.toolName)).toEqual(['Read', 'github_create_issue', 'github_create_issue']);
    // the model gets the return value and how each call ended, not the nested outputs
    expect(execResult.modelOutput).toEqual({
      type: 'json',
      value: {
        result: { file: 'contents of /notes.md', issue: { number: 42, title: 'contents of /notes.md' }, again: 'second' },
        logs: ['created 42'],
        calls: [
          { tool: 'Read', outcome: 'ok' },
          { tool: 'github_create_issue', outcome: 'ok' },
          { tool: 'github_create_issue', outcome: 'ok' },
        ],
      },
    });
    // nested calls are reported like any call, marked with their exec call; telemetry origin `nested`
    const nestedParts = parts.filter((part) => (part.type === 'tool-call' || part.type === 'tool-result') && part.parentToolCallId === 'exec-1');
    expect(nestedParts.filter((part) => part.type === 'tool-call').map((part) => part.toolName)).toEqual(['Read', 'github_create_issue', 'github_create_issue']);
    expect(nestedParts.filter((part) => part.type === 'tool-result')).toHaveLength(3);
    const ends = records.filter((record) => record.type === 'tool.execution.end');
    expect(ends.filter((record) => record.origin === 'nested').map((record) => [record.toolName, record.parentToolCallId, record.stepIndex])).toEqual([
      ['Read', 'exec-1', 1],
      ['github_create_issue', 'exec-1', 1],
      ['github_create_issue', 'exec-1', 1],
    ]);
    expect(ends.find((record) => record.toolName === EXEC_TOOL_NAME)).toMatchObject({ origin: 'required', outcome: 'ok' });
  });

  it('rejects a nested call to a hidden tool with the same message as a direct call; its execute never runs', async () => {
    const { runtime, log } = codeModeRuntime();
    const scripted = createScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'browser_click', input: { ref: 'e1' } },
            exec('try { await tools.browser_click({ ref: "e1" }); } catch (error) { return [error.name, error.outcome, error.message]; }'),
            exec('return await tools.browser_click({ ref: "e2" });'),
          ],
        },
        { text: 'done' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'click it' }).result;

    const [direct, caught, uncaught] = result.steps[0]!.toolResults;
    expect(direct).toMatchObject({ toolName: 'browser_click', outcome: 'rejected-hidden' });
    expect(String(direct!.output)).toContain('browser_click is not loaded');
    expect(caught).toMatchObject({ outcome: 'ok' });
    const nested = (caught!.output as { result: unknown; calls: { outcome: string; output: unknown }[] });
    expect(nested.result).toEqual(['ToolCallError', 'rejected-hidden', direct!.output]);
    expect(nested.calls[0]).toMatchObject({ toolName: 'browser_click', outcome: 'rejected-hidden', output: direct!.output });
    expect(uncaught).toMatchObject({ toolName: EXEC_TOOL_NAME, outcome: 'error' });
    expect(String(uncaught!.output)).toBe(
      `exec failed: the code threw ToolCallError: ${String(direct!.output)}\nTool calls it made: browser_click (rejected-hidden).`,
    );
    expect(log).toEqual([]);
    expect(result.status).toBe('completed');
  });

  it('rejects exec nested inside exec, without running the inner code', async () => {
    const { runtime, log } = codeModeRuntime();
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [exec('try { await tools.exec({ code: "await tools.Bash({ command: \\"ls\\" })" }); } catch (error) { return error.message; }')] },
        { text: 'done' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'nest' }).result;

    const output = result.steps[0]!.toolResults[0]!.output as { result: string; calls: { toolName: string; outcome: string }[] };
    expect(output.result).toBe('exec cannot be called from inside exec: call the tools you need as tools.<name>(input) in this code.');
    expect(output.calls).toMatchObject([{ toolName: EXEC_TOOL_NAME, outcome: 'rejected-hidden' }]);
    expect(log).toEqual([]);
  });

  it('a search from inside exec follows C13: what it loads is rejected in the same exec and callable from the next step', async () => {
    const { runtime, log } = codeModeRuntime();
    const scripted = createScriptedModel({
      steps: [
        {
          toolCalls: [
            exec(
              [
                'const found = await tools.tool_search({ query: "browser_click", limit: 1 });',
                'try { await tools.browser_click({ ref: "e1" }); } catch (error) { return { found, error: error.message }; }',
              ].join('\n'),
            ),
          ],
        },
        { toolCalls: [exec('return await tools.browser_click({ ref: "e1" });'), { toolName: 'browser_click', input: { ref: 'e2' } }] },
        { text: 'done' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'find and click' }).result;

    expect(result.steps[0]!.toolResults[0]!.output).toMatchObject({
      result: {
        found: { activated: ['browser_click'] },
        error: 'browser_click was loaded by tool_search in this step and is not callable until your next step. Call browser_click again in your next step.',
      },
    });
    expect(scripted.requests[0]!.toolNames).not.toContain('browser_click');
    expect(scripted.requests[1]!.toolNames).toContain('browser_click');
    expect(result.steps[1]!.toolResults.map((call) => call.outcome)).toEqual(['ok', 'ok']);
    expect(result.steps[1]!.toolResults[0]!.output).toMatchObject({ result: 'clicked e1' });
    expect(log.map((entry) => entry.input)).toEqual(expect.arrayContaining([{ ref: 'e1' }, { ref: 'e2' }]));
    expect(log).toHaveLength(2);
    expect(result.activated).toEqual(['browser_click']);
  });

  it('nested calls cross the same permission check as direct ones, with the tool’s own origin', async () => {
    const sample = sampleTools();
    const asked: { toolName: string; origin: string; toolCallId: string }[] = [];
    const runtime = createToolSearchRuntime({
      tools: sample.tools,
      toolMode: 'code',
      permission: ({ toolName, origin, toolCallId }) => {
        asked.push({ toolName, origin, toolCallId });
        return toolName === 'Bash' ? { type: 'deny', reason: 'no shell here' } : { type: 'allow' };
      },
    });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'Bash', input: { command: 'ls' }, toolCallId: 'direct' }, exec('try { await tools.Bash({ command: "ls" }); } catch (error) { return error.message; }', 'code')] },
        { text: 'done' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'ls' }).result;

    const [direct, viaCode] = result.steps[0]!.toolResults;
    expect(direct).toMatchObject({ outcome: 'denied', output: 'Permission denied for Bash: no shell here' });
    expect(viaCode!.output).toMatchObject({ result: 'Permission denied for Bash: no shell here' });
    expect(asked).toEqual(
      expect.arrayContaining([
        { toolName: 'Bash', origin: 'direct', toolCallId: 'direct' },
        { toolName: EXEC_TOOL_NAME, origin: 'required', toolCallId: 'code' },
        { toolName: 'Bash', origin: 'direct', toolCallId: 'code/1' },
      ]),
    );
    expect(sample.log).toEqual([]);
  });

  it('send({ toolMode }) overrides the runtime default per turn', async () => {
    const sample = sampleTools();
    const direct = createToolSearchRuntime({ tools: sample.tools });
    const code = createToolSearchRuntime({ tools: sample.tools, toolMode: 'code' });
    const names = async (runtime: typeof direct, toolMode?: 'direct' | 'code') => {
      const scripted = createScriptedModel({ steps: [{ text: 'hi' }] });
      await runtime.send({ model: scripted.model, prompt: 'hi', ...(toolMode === undefined ? {} : { toolMode }) }).result;
      return scripted.requests[0]!.toolNames;
    };
    expect(await names(direct)).not.toContain(EXEC_TOOL_NAME);
    expect(await names(direct, 'code')).toContain(EXEC_TOOL_NAME);
    expect(await names(code)).toContain(EXEC_TOOL_NAME);
    expect(await names(code, 'direct')).not.toContain(EXEC_TOOL_NAME);
  });
});
