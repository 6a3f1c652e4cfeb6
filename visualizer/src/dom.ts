/** A child of {@link h}: nodes and strings are appended; `null`, `undefined` and `false` are skipped. */
export type Child = Node | string | null | undefined | false;

/**
 * Creates an element: `h('li', { class: 'tool', data: { tool: name } }, name)`. Text is always
 * set as text, never parsed as HTML, so trace content cannot inject markup.
 */
export function h<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  props: {
    readonly class?: string;
    readonly title?: string;
    readonly data?: Readonly<Record<string, string>>;
    readonly attrs?: Readonly<Record<string, string>>;
    readonly onClick?: (event: Event) => void;
  } = {},
  ...children: Child[]
): HTMLElementTagNameMap[Tag] {
  const element = document.createElement(tag);
  if (props.class !== undefined) element.className = props.class;
  if (props.title !== undefined) element.title = props.title;
  for (const [key, value] of Object.entries(props.data ?? {})) element.dataset[key] = value;
  for (const [key, value] of Object.entries(props.attrs ?? {})) element.setAttribute(key, value);
  if (props.onClick !== undefined) element.addEventListener('click', props.onClick);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/** `1234567` → `1,234,567`. */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** `0.623` → `62.3%`. */
export function formatPercent(ratio: number): string {
  return `${(ratio * 100).toFixed(1)}%`;
}
