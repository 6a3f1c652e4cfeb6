import { TURN_DEFAULTS } from '../../machines/turn-defaults.js';
/** Limits of the output truncation stage. */
export interface OutputLimit {
  /** Most UTF-8 bytes of output the model receives, not counting the note. Default 51,200 (50 KiB). */
  readonly maxBytes: number;
  /** Most lines of output the model receives, not counting the note. Default 2,000. */
  readonly maxLines: number;
}

/** The output truncation defaults: 50 KiB and 2,000 lines. */
export const DEFAULT_OUTPUT_LIMIT: OutputLimit = TURN_DEFAULTS.outputLimit;

/** What {@link truncateText} kept and cut of a text over the limit. */
export interface TextCut {
  /** The kept start: whole lines (with their `\n`), or the start of line 1 when not even it fits. */
  readonly head: string;
  /** The kept end: whole lines, or the end of the last line when not even it fits. */
  readonly tail: string;
  /** Lines of the whole text (a final `\n` does not start another line). */
  readonly totalLines: number;
  /** UTF-8 bytes of the whole text. */
  readonly totalBytes: number;
  /** UTF-8 bytes between head and tail, cut. */
  readonly omittedBytes: number;
  /** Lines of which nothing is kept. */
  readonly omittedLines: number;
  /** 1-based line of the first cut byte. */
  readonly cutFromLine: number;
  /** 1-based line of the last cut byte. */
  readonly cutToLine: number;
}

/**
 * Truncates a text to `limit` (C4's output truncation): a text within both limits is returned as
 * `undefined` (nothing to cut). Otherwise the head gets the first ⌊maxLines/2⌋ lines and
 * ⌊maxBytes/2⌋ bytes, the tail the rest of each budget, each as whole lines taken while both
 * budgets allow; a head (tail) whose first (last) line alone is over the byte budget keeps the
 * start (end) of that line, cut at a character boundary. Head and tail never overlap.
 */
export function truncateText(text: string, limit: OutputLimit): TextCut | undefined {
  const lines = splitLines(text);
  const totalBytes = byteLength(text);
  if (lines.length <= limit.maxLines && totalBytes <= limit.maxBytes) return undefined;
  const headLines = Math.floor(limit.maxLines / 2);
  const headBytes = Math.floor(limit.maxBytes / 2);
  const head = takeLines(lines, headLines, headBytes);
  const tail = takeLines([...lines].reverse(), limit.maxLines - headLines, limit.maxBytes - headBytes);
  const headText = head.partial === undefined ? head.whole.join('') : prefixBytes(lines[0]!, headBytes);
  const tailText = tail.partial === undefined ? [...tail.whole].reverse().join('') : suffixBytes(lines[lines.length - 1]!, limit.maxBytes - headBytes);
  const touchedHead = head.partial === undefined ? head.whole.length : 1;
  const touchedTail = tail.partial === undefined ? tail.whole.length : 1;
  return {
    head: headText,
    tail: tailText,
    totalLines: lines.length,
    totalBytes,
    omittedBytes: totalBytes - byteLength(headText) - byteLength(tailText),
    omittedLines: lines.length === 1 ? 0 : Math.max(0, lines.length - touchedHead - touchedTail),
    cutFromLine: head.partial === undefined ? head.whole.length + 1 : 1,
    cutToLine: tail.partial === undefined ? lines.length - tail.whole.length : lines.length,
  };
}

/** Lines with their `\n` kept, so joining them gives the text back. */
function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  return lines.length === 1 && lines[0] === '' ? [''] : lines;
}

/** Whole lines from the start of `lines` within both budgets; `partial` when not one fits. */
function takeLines(lines: readonly string[], maxLines: number, maxBytes: number): { whole: string[]; partial: true | undefined } {
  const whole: string[] = [];
  let bytes = 0;
  for (const line of lines) {
    const size = byteLength(line);
    if (whole.length >= maxLines || bytes + size > maxBytes) break;
    whole.push(line);
    bytes += size;
  }
  return { whole, partial: whole.length === 0 && maxLines > 0 && lines.length > 0 ? true : undefined };
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The longest start of `text` within `maxBytes` UTF-8 bytes, ending on a character boundary. */
function prefixBytes(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  let end = Math.min(maxBytes, bytes.length);
  while (end > 0 && end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/** The longest end of `text` within `maxBytes` UTF-8 bytes, starting on a character boundary. */
function suffixBytes(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  let start = Math.max(0, bytes.length - maxBytes);
  while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++;
  return bytes.subarray(start).toString('utf8');
}
