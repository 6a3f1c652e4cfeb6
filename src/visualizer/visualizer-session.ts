/** What `/api/session` answers: how the page gets its trace. */
export interface VisualizerSession {
  /** `none`: no trace yet (the page offers a file picker); `file`: GET `/api/trace`; `live`: `/api/events`. */
  readonly mode: 'none' | 'file' | 'live';
  /** The trace file's name, shown in the page's header; `null` unless `mode` is `file`. */
  readonly traceName: string | null;
}
