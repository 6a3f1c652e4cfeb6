import { tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ClientToolNameCollisionError,
  createToolSearchRuntime,
  InvalidOptionError,
  InvalidToolNameError,
  ReservedToolNameError,
} from '../../src/index.js';
import { callbackSink } from '../../src/telemetry/callback-sink.js';
import type { TelemetryRecord } from '../../src/telemetry/telemetry-record.js';
import { createScriptedModel } from '../../src/testing/index.js';
import type { RecordedRequest } from '../../src/testing/scripted-step.js';
import { sampleTools, type ExecutionLog } from '../helpers/sample-tools.js';

/** Tools a dashboard UI offers for one turn; each `execute` records its call in `log`. */
function dashboardTools(log: ExecutionLog = []): ToolSet {
  return {
    ui_show_chart: tool({
      description: 'Show a line chart of a metric in the dashboard the user is looking at.',
      inputSchema: z.object({ metric: z.string() }),
      execute: async (input) => {
        log.push({ toolName: 'ui_show_chart', input });
        return `chart of ${input.metric} shown`;
      },
    }),
    ui_open_panel: tool({
      description: 'Open a side panel of the dashboard.',
      inputSchema: z.object({ panel: z.string() }),
      execute: async (input) => {
        log.push({ toolName: 'ui_open_panel', input });
        return `${input.panel} opened`;
      },
    }),
  };
}

function toolSearchDescription(request: RecordedRequest): string {
  return String(request.tools.find((definition) => definition.name === 'tool_search')?.description ?? '');
}

describe('S13: dynamic client tools (send({ clientTools }))', () => {
  it('S13 dynamic client tools: offered in one send they are searchable, callable next step, listed grouped by the client, and absent from the next turn', async () => {
    const records: TelemetryRecord[] = [];
    const log: ExecutionLog = [];
    const { tools, groups } = sampleTools(log);
    const runtime = createToolSearchRuntime({ tools, groups, telemetry: callbackSink((record) => void records.push(record)) });
    const inventoryBefore = runtime.inventory;

    const first = createScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'tool_search', input: { query: 'show a chart of a metric', limit: 1 } },
            { toolName: 'ui_show_chart', input: { metric: 'latency' } },
          ],
        },
        { toolCalls: [{ toolName: 'ui_show_chart', input: { metric: 'latency' } }] },
        { text: 'shown' },
      ],
    });
    const result = await runtime.send({ model: first.model, prompt: 'chart latency', clientTools: dashboardTools(log), clientId: 'dashboard-ui' }).result;

    // listed in this turn's inventory, grouped by the client (C7, C8); no definition before the search (S1)
    expect(toolSearchDescription(first.requests[0]!)).toContain('dashboard-ui:\n- ui_open_panel\n- ui_show_chart\n');
    expect(first.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);
    // searchable: the search activates it; the same-step call is rejected, not run (C13, C14)
    expect(result.steps[0]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['ok', 'rejected-hidden']);
    expect(result.steps[0]!.toolResults[0]!.output).toEqual({ activated: ['ui_show_chart'] });
    // callable next step, through the same pipeline
    expect(first.requests[1]!.toolNames).toEqual(['Bash', 'Read', 'tool_search', 'ui_show_chart']);
    expect(result.steps[1]!.toolResults[0]).toMatchObject({ toolName: 'ui_show_chart', outcome: 'ok', output: 'chart of latency shown' });
    expect(log).toEqual([{ toolName: 'ui_show_chart', input: { metric: 'latency' } }]);
    expect(result.activated).toEqual(['ui_show_chart']);
    // the source is kept for telemetry
    const executions = records.filter((record) => record.type === 'tool.execution.end' && record.toolName === 'ui_show_chart');
    expect(executions.map((record) => record.type === 'tool.execution.end' && [record.outcome, record.source])).toEqual([
      ['rejected-hidden', 'dashboard-ui'],
      ['ok', 'dashboard-ui'],
    ]);
    expect(records.find((record) => record.type === 'turn.start')).toMatchObject({ boundTools: 9, deferredTools: 7 });

    // the next turn: gone from the inventory, from search and from execution (C17); the runtime never changed (C19)
    const second = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'ui_show_chart' } }, { toolName: 'ui_show_chart', input: { metric: 'x' } }] },
        { toolCalls: [{ toolName: 'ui_show_chart', input: { metric: 'x' } }] },
        { text: 'cannot' },
      ],
    });
    const next = await runtime.send({ model: second.model, prompt: 'chart it again' }).result;
    expect(toolSearchDescription(second.requests[0]!)).not.toContain('dashboard-ui');
    expect(toolSearchDescription(second.requests[0]!)).not.toContain('ui_show_chart');
    expect((next.steps[0]!.toolResults[0]!.output as { activated: string[] }).activated).not.toContain('ui_show_chart');
    expect(second.requests[1]!.toolNames).not.toContain('ui_show_chart');
    expect(next.steps[1]!.toolResults[0]!.outcome).toBe('rejected-unknown');
    expect(log).toHaveLength(1);
    expect(runtime.inventory).toBe(inventoryBefore);
    expect(runtime.catalog.bound).not.toContain('ui_show_chart');
  });

  it('ranks client tools together with the catalog: a query matching both activates both, an exact client name comes first', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const clientTools: ToolSet = {
      ...dashboardTools(),
      ui_click_button: tool({ description: 'Click a button of the dashboard page.', inputSchema: z.object({ label: z.string() }), execute: async () => 'clicked' }),
    };
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'click', limit: 3 } }, { toolName: 'tool_search', input: { query: 'ui_open_panel', limit: 1 } }] },
        { text: 'ok' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'click', clientTools, clientId: 'ui' }).result;

    const [click, exact] = result.steps[0]!.toolResults.map((toolResult) => (toolResult.output as { activated: string[] }).activated);
    expect(click).toEqual(expect.arrayContaining(['browser_click', 'ui_click_button']));
    expect(exact).toEqual(['ui_open_panel']);
    expect(scripted.requests[1]!.toolNames).toEqual(expect.arrayContaining(['browser_click', 'ui_click_button', 'ui_open_panel']));
  });

  it('keeps overlapping turns apart: each turn sees and runs only its own client tools (C17)', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const clientTool = (name: string) => ({
      [name]: tool({ description: `The ${name} widget.`, inputSchema: z.object({}), execute: async () => `${name} ran` }),
    });
    const script = (own: string, other: string) =>
      createScriptedModel({
        steps: [
          { toolCalls: [{ toolName: 'tool_search', input: { query: own } }, { toolName: 'tool_search', input: { query: other } }], delayMs: 5 },
          { toolCalls: [{ toolName: own, input: {} }, { toolName: other, input: {} }] },
          { text: 'done' },
        ],
      });
    const a = script('widget_alpha', 'widget_beta');
    const b = script('widget_beta', 'widget_alpha');
    const [resultA, resultB] = await Promise.all([
      runtime.send({ model: a.model, prompt: 'a', clientTools: clientTool('widget_alpha'), clientId: 'tab-a' }).result,
      runtime.send({ model: b.model, prompt: 'b', clientTools: clientTool('widget_beta'), clientId: 'tab-b' }).result,
    ]);

    expect(toolSearchDescription(a.requests[0]!)).toContain('tab-a:\n- widget_alpha\n');
    expect(toolSearchDescription(a.requests[0]!)).not.toContain('widget_beta');
    expect(resultA.steps[1]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['ok', 'rejected-unknown']);
    expect(resultB.steps[1]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['ok', 'rejected-unknown']);
    expect(resultA.activated).toEqual(['widget_alpha']);
    expect(resultB.activated).toEqual(['widget_beta']);
  });

  it('adds client tools on top of an exact ceiling, which search still never widens (C6)', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'github issue chart panel', limit: 10 } }] }, { text: 'ok' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'x', boundTools: ['Read', 'github_create_issue'], clientTools: dashboardTools() }).result;

    expect(toolSearchDescription(scripted.requests[0]!)).toContain('client:\n- ui_open_panel\n- ui_show_chart\ngithub:\n- github_create_issue\n');
    const activated = (result.steps[0]!.toolResults[0]!.output as { activated: string[] }).activated;
    expect([...activated].sort()).toEqual(['github_create_issue', 'ui_open_panel', 'ui_show_chart']);
  });

  it("with availability 'off' client tools are direct from step 0 and no tool_search is offered", async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools: { Read: tools.Read! }, availability: 'off' });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'ui_open_panel', input: { panel: 'logs' } }] }, { text: 'ok' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'open logs', clientTools: dashboardTools() }).result;

    expect(scripted.requests[0]!.toolNames).toEqual(['Read', 'ui_open_panel', 'ui_show_chart']);
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'ok', output: 'logs opened' });
  });

  it('an empty clientTools changes nothing: the turn uses the runtime binding', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
    await runtime.send({ model: scripted.model, prompt: 'x', clientTools: {}, clientId: 'ui' }).result;
    expect(toolSearchDescription(scripted.requests[0]!)).toContain(runtime.inventory);
    expect(toolSearchDescription(scripted.requests[0]!)).not.toContain('ui:');
  });
});

describe('send({ clientTools }) configuration errors, before anything runs', () => {
  const { tools } = sampleTools();
  const runtime = createToolSearchRuntime({ tools });
  const { model } = createScriptedModel({ steps: [] });
  const someTool = tool({ description: 'x', inputSchema: z.object({}), execute: async () => 'x' });

  it('a name the runtime already binds is a ClientToolNameCollisionError, even outside the turn ceiling', () => {
    const send = () => runtime.send({ model, prompt: 'x', boundTools: ['Read'], clientTools: { github_create_issue: someTool }, clientId: 'ui' });
    expect(send).toThrow(ClientToolNameCollisionError);
    expect(send).toThrow(/Client "ui" offers a tool named "github_create_issue".*Rename the client tool \(for example "ui_github_create_issue"\)/);
    expect(() => send()).toThrow(expect.objectContaining({ code: 'client-tool-name-collision', toolName: 'github_create_issue', clientId: 'ui' }));
  });

  it('a name providers refuse is an InvalidToolNameError naming clientTools', () => {
    const send = () => runtime.send({ model, prompt: 'x', clientTools: { 'show chart': someTool } });
    expect(send).toThrow(InvalidToolNameError);
    expect(send).toThrow(expect.objectContaining({ option: 'clientTools', message: expect.stringContaining('Rename its key in `clientTools`') }));
  });

  it.each(['tool_search', 'turnscope_tool_search'])('%s is reserved, as for bound tools', (name) => {
    expect(() => runtime.send({ model, prompt: 'x', clientTools: { [name]: someTool } })).toThrow(ReservedToolNameError);
    // the message speaks of client tools, and does not suggest availability: 'off', which is the runtime's
    expect(() => runtime.send({ model, prompt: 'x', clientTools: { [name]: someTool } })).toThrow(
      new RegExp(`^A client tool \\(\`clientTools\`\\) is named "${name}", .*Rename your tool \\(for example "${name}_custom"\\)\\.$`),
    );
  });

  it.each([
    ['clientTools', { clientTools: [someTool] as unknown as ToolSet }],
    ['clientTools.broken', { clientTools: { broken: { description: 'no schema' } } as unknown as ToolSet }],
    ['clientId', { clientTools: { ok_tool: someTool }, clientId: 'two\nlines' }],
    ['clientId', { clientTools: { ok_tool: someTool }, clientId: '' }],
  ])('a bad %s is an InvalidOptionError', (option, input) => {
    expect(() => runtime.send({ model, prompt: 'x', ...input })).toThrow(InvalidOptionError);
    expect(() => runtime.send({ model, prompt: 'x', ...input })).toThrow(expect.objectContaining({ option }));
  });
});
