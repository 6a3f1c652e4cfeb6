import { describe, expect, it } from 'vitest';
import { checkAvailability } from '../../src/execution/check-availability.js';

// Step 1 of a turn: Read is direct, browser_snapshot was activated in step 0, and a search
// of this step has just activated browser_click (pending until the step boundary).
const context = {
  visible: new Set(['Read', 'tool_search', 'browser_snapshot']),
  bound: ['Read', 'browser_click', 'browser_snapshot', 'read_file'],
  isPendingActivation: (name: string) => name === 'browser_click',
  offersToolSearch: true,
};

describe('checkAvailability (C2, C14)', () => {
  it.each(['Read', 'tool_search', 'browser_snapshot'])('lets a call to visible %s proceed', (name) => {
    expect(checkAvailability(name, context)).toBeUndefined();
  });

  it('rejects a tool activated in this step as hidden, telling the model to call it next step (S7)', () => {
    expect(checkAvailability('browser_click', context)).toEqual({
      outcome: 'rejected-hidden',
      message:
        'browser_click was loaded by tool_search in this step and is not callable until your next step. ' +
        'Call browser_click again in your next step.',
    });
  });

  it('says a bound deferred tool larger than one search\'s budget cannot be loaded by any search (C10); one at the budget is sent to search', () => {
    const sizes: Record<string, number> = { read_file: 1_001, browser_click: 5_000 };
    const sized = { ...context, loadBudget: { maxSchemaChars: 1_000, schemaCharsOf: (name: string) => sizes[name] ?? 0 } };
    expect(checkAvailability('read_file', sized)).toEqual({
      outcome: 'rejected-hidden',
      message:
        'read_file cannot be called: its definition (1,001 characters) is larger than the 1,000-character budget of one search, ' +
        'so no search can load it. Use another tool; the application can make it direct or raise search.maxSchemaChars.',
    });
    // exactly at the budget a search can load it; a pending activation keeps its own message
    sizes.read_file = 1_000;
    expect(checkAvailability('read_file', sized)?.message).toMatch(/^read_file is not loaded\. Call tool_search/);
    expect(checkAvailability('browser_click', sized)?.message).toMatch(/not callable until your next step/);
    // without tool_search in the turn the size says nothing new
    sizes.read_file = 1_001;
    expect(checkAvailability('read_file', { ...sized, offersToolSearch: false })?.message).toMatch(/^read_file is not loaded/);
  });

  it('rejects a bound deferred tool that was never activated as hidden, telling the model to search for it', () => {
    const result = checkAvailability('read_file', context);
    expect(result?.outcome).toBe('rejected-hidden');
    expect(result?.message).toBe(
      'read_file is not loaded. Call tool_search with its name or what it does; it becomes callable on the step after the search.',
    );
  });

  it('checks the step-start snapshot, not the live active set (C14)', () => {
    // Even a tool the live set would contain is refused unless the step began with it.
    const live = { ...context, isPendingActivation: () => true };
    expect(checkAvailability('read_file', live)?.outcome).toBe('rejected-hidden');
    expect(checkAvailability('Read', live)).toBeUndefined();
  });

  it('rejects a name nothing has as unknown, pointing to tool_search', () => {
    expect(checkAvailability('delete_everything', context)).toEqual({
      outcome: 'rejected-unknown',
      message: 'There is no tool named "delete_everything". Use tool_search to find the right tool.',
    });
  });

  it('does not point to tool_search when the turn does not offer it', () => {
    expect(checkAvailability('tool_search', { ...context, visible: new Set(['Read']), offersToolSearch: false })).toEqual({
      outcome: 'rejected-unknown',
      message: 'There is no tool named "tool_search". Call one of the tools you were given.',
    });
  });

  it.each([
    ['READ_FILE', 'read_file'],
    ['read', 'Read'],
    ['Tool_Search', 'tool_search'],
  ])('rejects %s as unknown and suggests the canonical spelling %s', (called, canonical) => {
    const result = checkAvailability(called, context);
    expect(result?.outcome).toBe('rejected-unknown');
    expect(result?.message).toBe(`There is no tool named "${called}". Did you mean "${canonical}"? Names are case-sensitive.`);
  });

  it('suggests every callable spelling when several names differ only in case, else every bound one', () => {
    const cased = { ...context, visible: new Set(['tool_search', 'Send_Mail', 'SEND_MAIL']), bound: ['SEND_MAIL', 'Send_Mail', 'send_mail'] };
    expect(checkAvailability('send_MAIL', cased)?.message).toBe('There is no tool named "send_MAIL". Did you mean "Send_Mail" or "SEND_MAIL"? Names are case-sensitive.');
    const hidden = { ...cased, visible: new Set(['tool_search']) };
    expect(checkAvailability('send_MAIL', hidden)?.message).toBe('There is no tool named "send_MAIL". Did you mean "SEND_MAIL" or "Send_Mail" or "send_mail"? Names are case-sensitive.');
  });

  it('never lets a case-differing name through, even for a visible tool', () => {
    expect(checkAvailability('BROWSER_SNAPSHOT', context)).not.toBeUndefined();
  });

  it('suggests the full names that end with a name called without its group prefix (C23), one or several', () => {
    const grouped = { ...context, bound: [...context.bound, 'mcp__github__create_issue', 'mcp__gitlab__create_issue', 'mcp__jira__close-ticket'] };
    expect(checkAvailability('close-ticket', grouped)?.message).toBe('There is no tool named "close-ticket". Did you mean "mcp__jira__close-ticket"? Call a tool by its full name.');
    expect(checkAvailability('create_issue', grouped)).toEqual({
      outcome: 'rejected-unknown',
      message: 'There is no tool named "create_issue". Its full name may be "mcp__github__create_issue" or "mcp__gitlab__create_issue": call a tool by its full name.',
    });
    const many = { ...context, bound: Array.from({ length: 7 }, (_, index) => `mcp__s${index}__get_issue`) };
    expect(checkAvailability('get_issue', many)?.message).toBe(
      'There is no tool named "get_issue". Its full name may be "mcp__s0__get_issue" or "mcp__s1__get_issue" or "mcp__s2__get_issue" or "mcp__s3__get_issue" or "mcp__s4__get_issue" or 2 more: call a tool by its full name.',
    );
    // a tail must start after a separator and with a letter or digit: no suggestion for "_issue" or "issue" inside a word
    expect(checkAvailability('_issue', grouped)?.message).toBe('There is no tool named "_issue". Use tool_search to find the right tool.');
    expect(checkAvailability('te_issue', grouped)?.message).toBe('There is no tool named "te_issue". Use tool_search to find the right tool.');
  });
});
