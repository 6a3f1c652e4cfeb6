import { aiSdkToolSearchRanker } from './ai-sdk-tool-search-ranker.js';
import { fuseDefaultsRanker, miniSearchDefaultsRanker } from './baseline-rankers.js';
import type { EvalRankerFactory } from './eval-ranker.js';
import { fuseWordsEvalRanker, hybridEvalRanker } from './turnscope-rankers.js';

/** Every ranker `turnscope eval --ranker` knows, by name. */
export const EVAL_RANKERS: readonly EvalRankerFactory[] = [
  hybridEvalRanker(),
  aiSdkToolSearchRanker,
  miniSearchDefaultsRanker,
  fuseDefaultsRanker,
  fuseWordsEvalRanker,
];

/** The rankers compared when `--ranker` is not given: ours and the three baselines. */
export const DEFAULT_EVAL_RANKERS: readonly string[] = ['turnscope', 'ai-sdk-tool-search', 'minisearch-bm25', 'fuse-defaults'];
