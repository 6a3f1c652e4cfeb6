/** The `--help` text. */
export const CLI_HELP = `Usage: turnscope demo [--model <provider>:<id>] [--base-url <url>]

Runs one turn against real MCP servers (filesystem on a temporary workspace, memory) with every
tool deferred behind tool_search, and prints per step the visible tools, the searches, the calls
and their outcomes, and the schema characters saved.

Options:
  --model <spec>     demo (default): the embedded deterministic model, no network.
                     openai:<id>     OpenAI, needs OPENAI_API_KEY.
                     anthropic:<id>  Anthropic, needs ANTHROPIC_API_KEY.
  --base-url <url>   Send provider requests to this URL, e.g. an OpenAI-compatible local server
                     (http://localhost:8080/v1); with openai:<id> it uses the Chat Completions API.
  -h, --help         Show this help.

Exit status: 0 the turn completed, 1 it did not (or a server failed to start), 2 usage error,
130 interrupted.`;
