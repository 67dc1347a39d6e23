// The one way markup reaches a page: the `html` tagged template, which escapes every value
// put into it unless the value is itself markup (a nested `html` result: markup written in the
// code, never data), and `render`, the one place that hands markup to the browser.

/** Markup: text the template will not escape again. Made only by `html`. */
class Markup {
  constructor(text) { this.text = text; }
  toString() { return this.text; }
}

const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for HTML: every character that could open markup or close an attribute, escaped. */
function escape(value) {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/**
 * A value as it goes into markup: markup as it is, a list item by item, nothing for null,
 * undefined and false, anything else as escaped text.
 */
function piece(value) {
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(piece).join("");
  if (value === null || value === undefined || value === false) return "";
  return escape(value);
}

/** The template: html`<td>${name}</td>` escapes `name`; nested html`` results stay markup. */
export function html(strings, ...values) {
  let text = strings[0];
  values.forEach((v, i) => { text += piece(v) + strings[i + 1]; });
  return new Markup(text);
}

/** Puts `markup` (escaped if it is text) as the content of `element`: the one way to write it. */
export function render(element, markup) {
  element.innerHTML = piece(markup);
}
