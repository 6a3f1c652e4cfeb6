/** The `--help` text. */
export const CLI_HELP = `Usage: turnscope <command> [options]

Commands:
  demo [--model <provider>:<id>] [--base-url <url>] [--trace FILE] [--code-mode] [--profile NAME]
       [--visualize [--port N]]
      Runs one turn against real MCP servers (filesystem on a temporary workspace, memory) with
      every tool deferred behind tool_search, and prints per step the visible tools, the
      searches, the calls and their outcomes, the schema characters saved and the trace report.
      --model <spec>     demo (default): the embedded deterministic model, no network.
                         openai:<id>     OpenAI, needs OPENAI_API_KEY.
                         anthropic:<id>  Anthropic, needs ANTHROPIC_API_KEY.
      --base-url <url>   Send provider requests to this URL, e.g. an OpenAI-compatible local
                         server (http://localhost:8080/v1); with openai:<id> it uses the Chat
                         Completions API.
      --code-mode        Run the turn in code mode: the exec tool is visible on every step and
                         the embedded model calls the tools it found from JavaScript through it
                         (QuickJS sandbox; each nested call crosses the same pipeline).
      --profile NAME     Run the turn under an execution profile, an exact ceiling search cannot
                         widen: files-only (the filesystem server's tools) or memory-only (the
                         memory server's); the part of the task outside it is given up.
      --trace FILE       Also keep the turn's JSONL trace in FILE (appended).
      --visualize        Also serve the visualizer on 127.0.0.1 and print its URL: the page
                         follows the turn live (server-sent events) and replays it afterwards;
                         it keeps serving until Ctrl-C. --port N as for visualize.
      Needs @ai-sdk/mcp, @modelcontextprotocol/server-filesystem and -server-memory installed
      (optional peer dependencies of turnscope), and @ai-sdk/openai or @ai-sdk/anthropic for
      --model; when one is missing it names the npm install command and exits 2.
      Exit status: 0 the turn completed, 1 it did not (or a server failed to start).

  chat [--model <provider>:<id>] [--base-url <url>] [--port N] [--trace FILE]
      Serves a chat page on http://127.0.0.1:N/ (default 5179; 0 picks a free port) and prints
      the URL: type a request and watch the turn run — the reasoning and the answer stream in,
      each search shows what it loaded, a tool that changes something (write, edit, move,
      create, add, delete) waits for your Approve or Deny, and the turn machine and the searches
      are drawn as they happen. The page uses the AI SDK's chat core and DefaultChatTransport
      against POST /api/chat (createTurnUIMessageStreamResponse); each request is one turn.
      Tools: the demo's MCP servers (filesystem on a temporary workspace, memory), every tool
      deferred. --model, --base-url as for demo (default: the embedded model, which writes,
      remembers, reads or lists when asked). --trace FILE appends the session's JSONL trace.
      Needs the demo's optional packages. Serves until Ctrl-C; builds the page on first use.

  report TRACE.jsonl [--json] [--k N]
      Summarises a JSONL trace: schemas exposed but never called, schema characters saved,
      top-k recall of the tools called (k default 5), repeated and revised searches, time and
      steps to the first successful call, hidden-tool rejections, tools cut by a search cap.
      --json prints the summary as JSON. Skipped (truncated or unknown) lines are warned about.

  eval (--dataset DIR ... | --catalog FILE [--queries FILE] | --catalog FILE ...)
       [--ranker A,B] [--k 1,3,5,10] [--max-queries N] [--exact-names] [--json]
      Ranks every query of each dataset with each ranker and prints recall@k, hit@k, MRR,
      nDCG@10, mean and p95 latency per query and build time, one row per dataset and ranker.
      A dataset DIR holds catalog.json (a JSON array of {name, description, group,
      inputSchema?}) and queries.jsonl (lines of {id, query, gold: [names]}); a catalog
      without queries is evaluated on its exact names.
      --ranker A,B       Rankers side by side (default turnscope, ai-sdk-tool-search,
                         minisearch-bm25, fuse-defaults; also turnscope-fuse).
                         minisearch-bm25 needs the minisearch package installed.
      --k LIST           Cut-offs for recall@k and hit@k (default 1,3,5,10).
      --max-queries N    Evenly spaced sample of at most N queries per dataset.
      --exact-names      Also rank every tool's exact name (must come back at rank 1).
      --json             Print the rows as JSON.

  visualize [TRACE.jsonl] [--port N]
  visualize --live [--port N]
      Serves the visualizer page on http://127.0.0.1:N/ (default 5178; 0 picks a free port) and
      prints the URL: the turn machine's statechart and a step-by-step replay of the trace
      (visible tools, searches, calls, state transitions, report totals). Without a trace the
      page opens one from disk. --live waits for a page to open, then runs the demo and streams
      its turn to the page as it happens. Serves until Ctrl-C; builds the page on first use.

Options for every command:
  -h, --help         Show this help.

Exit status: 2 usage error or a missing optional package, 130 interrupted.`;
