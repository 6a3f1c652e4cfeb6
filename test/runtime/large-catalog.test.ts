import { jsonSchema, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { measureDefinitionChars } from '../../src/catalog/measure-definition-chars.js';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { collect } from '../helpers/sample-tools.js';

const VERBS = ['create', 'list', 'read', 'delete', 'update', 'merge', 'archive', 'export'];
const NOUNS = ['issue', 'invoice', 'page', 'ticket', 'branch', 'comment', 'order', 'report'];
const SYLLABLES = ['ka', 'lo', 'mi', 'nu', 're', 'sa', 'to', 'vi', 'ze', 'bo', 'du', 'fe', 'gi', 'ho', 'ju', 'pe'];

/** A made-up project word unique to tool `index` (`kalomi…`): what a user names when asking for that tool. */
function projectWord(index: number): string {
  let word = '';
  let rest = index;
  for (let digit = 0; digit < 5; digit += 1) {
    word += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  }
  return word;
}

/** `size` tools in 50 groups, each with its own description: "<verb>s a <noun> of the <word> project". */
function catalogOf(size: number): ToolSet {
  const tools: ToolSet = {};
  for (let index = 0; index < size; index += 1) {
    const verb = VERBS[index % VERBS.length]!;
    const noun = NOUNS[Math.floor(index / VERBS.length) % NOUNS.length]!;
    tools[`mcp__server${index % 50}__${verb}_${noun}_${index}`] = tool({
      description: `${verb[0]!.toUpperCase()}${verb.slice(1)}s a ${noun} of the ${projectWord(index)} project.`,
      inputSchema: jsonSchema({ type: 'object', properties: { id: { type: 'string', description: 'The id' } } }),
      execute: async () => 'ok',
    });
  }
  return tools;
}

/** Every 1/SAMPLES-th tool, from both ends of the name order. */
const SAMPLES = 24;

describe('S15: catalogs of 10,000 and 100,000 tools', () => {
  it.each([10_000, 100_000])(
    'S15: at %i bound tools, step 0 stays within the inventory budget and a sampled tool is found by name and by what it does',
    async (size) => {
      const tools = catalogOf(size);
      const sources = Object.fromEntries(Object.keys(tools).map((name) => [name, name.split('__')[1]!]));
      const runtime = createToolSearchRuntime({ tools, sources });
      const names = Object.keys(tools);
      const sampled = Array.from({ length: SAMPLES }, (_, index) => Math.floor((index * (size - 1)) / (SAMPLES - 1)));
      const byName = sampled.map((index) => ({ toolName: 'tool_search', input: { query: names[index]! } }));
      const byWhat = sampled.map((index) => {
        const [, , verb, noun] = /^mcp__server\d+__([a-z]+)_([a-z]+)_\d+$/.exec(names[index]!) ?? [];
        return { toolName: 'tool_search', input: { query: `${verb} the ${noun} of the ${projectWord(index)} project` } };
      });
      // one turn per kind of query, so no search sees the other kind's activations
      const scripted = createScriptedModel({ steps: [{ toolCalls: byName }, { text: 'done' }] });
      const result = await runtime.send({ model: scripted.model, prompt: 'find them' }).result;
      const described = createScriptedModel({ steps: [{ toolCalls: byWhat }, { text: 'done' }] });
      const describedTurn = runtime.send({ model: described.model, prompt: 'find them' });
      const describedSearches = (await collect(describedTurn.stream)).flatMap((part) => (part.type === 'search' ? [part] : []));
      const describedResult = await describedTurn.result;

      // step 0: the direct tools (none bound here) and tool_search, within C23's budget
      const step0 = scripted.requests[0]!;
      expect(step0.toolNames).toEqual(['tool_search']);
      const toolSearch = step0.tools[0]!;
      const chars = measureDefinitionChars({ name: toolSearch.name, description: toolSearch.description ?? '', inputSchema: toolSearch.inputSchema as never });
      expect(chars).toBeLessThan(8_000);
      expect(JSON.stringify(step0.tools).length).toBeLessThan(8_500);

      const activatedBy = (turn: typeof result) => turn.steps[0]!.toolResults.map((entry) => (entry.output as { activated: string[] }).activated);
      const foundByName = activatedBy(result);
      const foundByWhat = activatedBy(describedResult);
      sampled.forEach((index, position) => {
        expect(foundByName[position]![0], `by name: ${names[index]}`).toBe(names[index]);
        expect(foundByWhat[position], `by what it does: ${byWhat[position]!.input.query}`).toContain(names[index]);
        // ranked within the default limit by its own search (a parallel search's activations do not count)
        const search = describedSearches.find((part) => part.query === byWhat[position]!.input.query)!;
        expect(search.ranked.slice(0, 5).map((match) => match.name)).toContain(names[index]);
      });
    },
    180_000,
  );
});
