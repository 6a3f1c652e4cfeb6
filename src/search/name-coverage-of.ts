import type { ToolNameIndex } from './index-tool-names.js';

/**
 * What the hybrid ranker's name coverage reads: each name term's IDF among the names, the tools
 * whose name has it (term `t`'s at `tools[toolStarts[t]]` to `tools[toolStarts[t + 1]]`,
 * exclusive, ascending) and each tool's total IDF over its distinct name terms.
 */
export interface NameCoverage {
  /** `log(1 + N / n)` by term number, `n` the tools of N whose name has the term. */
  readonly idf: Float64Array;
  readonly toolStarts: Int32Array;
  readonly tools: Int32Array;
  /** Sum of `idf` over each tool's distinct name terms, in their order. */
  readonly idfTotal: Float64Array;
}

/** The {@link NameCoverage} of an index of tool names, from its distinct terms per tool. */
export function nameCoverageOf(index: ToolNameIndex): NameCoverage {
  const { distinctStarts, distinctTerms } = index;
  const documentCount = distinctStarts.length - 1;
  const termCount = index.terms.length;
  const toolStarts = new Int32Array(termCount + 1);
  for (let position = 0; position < distinctTerms.length; position += 1) toolStarts[distinctTerms[position]! + 1] = toolStarts[distinctTerms[position]! + 1]! + 1;
  for (let term = 0; term < termCount; term += 1) toolStarts[term + 1] = toolStarts[term + 1]! + toolStarts[term]!;
  const tools = new Int32Array(distinctTerms.length);
  const filled = toolStarts.slice(0, termCount);
  const idf = new Float64Array(termCount);
  for (let term = 0; term < termCount; term += 1) idf[term] = Math.log(1 + documentCount / (toolStarts[term + 1]! - toolStarts[term]!));
  const idfTotal = new Float64Array(documentCount);
  // indexed loops: the build runs once, much of it before the JIT has optimized it
  for (let id = 0; id < documentCount; id += 1) {
    let total = 0;
    for (let position = distinctStarts[id]!, end = distinctStarts[id + 1]!; position < end; position += 1) {
      const term = distinctTerms[position]!;
      tools[filled[term]!] = id;
      filled[term] = filled[term]! + 1;
      total += idf[term]!;
    }
    idfTotal[id] = total;
  }
  return { idf, toolStarts, tools, idfTotal };
}
