import type { ToolResultPart } from 'ai';
import { truncateText, type OutputLimit, type TextCut } from './truncate-text.js';

type ToolResultOutput = ToolResultPart['output'];
type ContentPart = Extract<ToolResultOutput, { type: 'content' }>['value'][number];

/** A model output over the limit: the full text, what was cut, and how to rebuild it with a note. */
export interface TruncatedModelOutput {
  /** Everything the tool returned as text (JSON pretty-printed): what the artifact stores. */
  readonly fullText: string;
  readonly mediaType: 'text/plain' | 'application/json';
  readonly cut: TextCut;
  /** The output the model receives: head, `note` on its own line, tail. */
  withNote(note: string): ToolResultOutput;
}

/**
 * The output truncation stage (C4): measures what the model would receive against `limit` and,
 * when it is over, says what to keep. Text outputs (`text`, `error-text`) are measured as they
 * are. JSON outputs (`json`, `error-json`) are measured as compact JSON (what providers send);
 * when over, the kept head and tail come from the pretty-printed JSON (2-space indent), so they
 * are whole lines, and the output becomes text. For `content` outputs the text parts are
 * measured together and, when over, become one truncated text part where the first one was;
 * media parts are kept as they are (not truncated). Other outputs are never truncated.
 *
 * @returns `undefined` when the output is within the limit or is not text.
 */
export function truncateModelOutput(output: ToolResultOutput, limit: OutputLimit): TruncatedModelOutput | undefined {
  switch (output.type) {
    case 'text':
    case 'error-text': {
      const cut = truncateText(output.value, limit);
      if (cut === undefined) return undefined;
      return { fullText: output.value, mediaType: 'text/plain', cut, withNote: (note) => ({ type: output.type, value: joinAround(cut, note) }) };
    }
    case 'json':
    case 'error-json': {
      if (truncateText(JSON.stringify(output.value) ?? 'null', limit) === undefined) return undefined;
      const fullText = JSON.stringify(output.value, null, 2) ?? 'null';
      const cut = truncateText(fullText, limit);
      if (cut === undefined) return undefined;
      const type = output.type === 'json' ? 'text' : 'error-text';
      return { fullText, mediaType: 'application/json', cut, withNote: (note) => ({ type, value: joinAround(cut, note) }) };
    }
    case 'content': {
      const texts = output.value.flatMap((part) => (part.type === 'text' ? [part.text] : []));
      const fullText = texts.join('\n');
      const cut = texts.length === 0 ? undefined : truncateText(fullText, limit);
      if (cut === undefined) return undefined;
      const firstText = output.value.findIndex((part) => part.type === 'text');
      return {
        fullText,
        mediaType: 'text/plain',
        cut,
        withNote: (note) => ({
          type: 'content',
          value: output.value.flatMap((part, index): ContentPart[] =>
            part.type !== 'text' ? [part] : index === firstText ? [{ ...part, text: joinAround(cut, note) }] : [],
          ),
        }),
      };
    }
    default:
      return undefined;
  }
}

/** Head, the note on a line of its own, tail. */
function joinAround(cut: TextCut, note: string): string {
  const beforeNote = cut.head === '' || cut.head.endsWith('\n') ? '' : '\n';
  return `${cut.head}${beforeNote}${note}\n${cut.tail}`;
}
