// The few DOM helpers of the panel: an element with attributes and children, and a labelled field.

type Child = Node | string | false | undefined;

/** An element with its attributes (false and undefined left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

let unique = 0;
/** An id no other element of the page has. */
export const newId = (stem: string) => `try-it-${stem}-${++unique}`;

/** A field with its label (the field's accessible name), and a hint read with it. */
export function field<T extends HTMLInputElement | HTMLTextAreaElement>(
  label: string,
  control: T,
  hint?: string,
): { row: HTMLElement; control: T } {
  control.id ||= newId('field');
  const row = h('div', { class: 'try-it-field' }, h('label', { for: control.id }, label), control);
  if (hint) {
    const note = h('small', { id: newId('hint') }, hint);
    control.setAttribute('aria-describedby', note.id);
    row.append(note);
  }
  return { row, control };
}
