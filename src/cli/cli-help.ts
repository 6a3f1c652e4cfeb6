/** The `--help` text. */
export const CLI_HELP = `Usage: turnscope <command> [options]

Commands:
  demo [--model <provider>:<id>] [--base-url <url>] [--trace FILE]
      Runs one turn against real MCP servers (filesystem on a temporary workspace, memory) with
      every tool deferred behind tool_search, and prints per step the visible tools, the
      searches, the calls and their outcomes, the schema characters saved and the trace report.
      --model <spec>     demo (default): the embedded deterministic model, no network.
                         openai:<id>     OpenAI, needs OPENAI_API_KEY.
                         anthropic:<id>  Anthropic, needs ANTHROPIC_API_KEY.
      --base-url <url>   Send provider requests to this URL, e.g. an OpenAI-compatible local
                         server (http://localhost:8080/v1); with openai:<id> it uses the Chat
                         Completions API.
      --trace FILE       Also keep the turn's JSONL trace in FILE (appended).
      Exit status: 0 the turn completed, 1 it did not (or a server failed to start).

  report TRACE.jsonl [--json] [--k N]
      Summarises a JSONL trace: schemas exposed but never called, schema characters saved,
      top-k recall of the tools called (k default 5), repeated and revised searches, time and
      steps to the first successful call, hidden-tool rejections, tools cut by a search cap.
      --json prints the summary as JSON. Skipped (truncated or unknown) lines are warned about.

Options for every command:
  -h, --help         Show this help.

Exit status: 2 usage error, 130 interrupted.`;
