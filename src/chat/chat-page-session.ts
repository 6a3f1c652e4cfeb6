/** What `turnscope chat` answers at `/api/chat-session`: what the page shows above the chat. */
export interface ChatPageSession {
  /** `provider/modelId` of the model every turn runs on (`turnscope-demo/deterministic-planner` by default). */
  readonly model: string;
  /** The temporary workspace the filesystem tools may touch. */
  readonly workspaceDir: string;
  /** Canonical names of the tools that wait for approval. */
  readonly approvalTools: readonly string[];
  /** A request to try, the prompt's placeholder. */
  readonly suggestion: string;
}
