/**
 * The system instructions of a `turnscope chat` turn. The `Chat workspace:` line is how the
 * embedded demo model finds the workspace (`CHAT_WORKSPACE_LINE` in decide-chat-step.ts); a real
 * model reads the rest. Change both together.
 *
 * @param options.workspaceDir absolute path of the chat's temporary workspace.
 */
export function chatInstructions(options: { readonly workspaceDir: string }): string {
  return [
    'You are the assistant of the turnscope chat page. Every tool except tool_search is deferred: its name is in the ' +
      "tool_search description, and you can call it only after a search has loaded it, from the next step on. " +
      'Tools that change the workspace or the memory graph wait for the person to approve them. ' +
      'Work in the workspace below, then answer briefly.',
    `Chat workspace: ${options.workspaceDir}`,
  ].join('\n');
}
