import { LIST_SEPARATORS } from '../catalog/list-separators.js';

/** A run of what separates `select:` entries beside the comma, with the spaces around it. */
const SELECT_SEPARATOR_RUN = new RegExp(`\\s*[\\u0000-\\u001f\\u007f${LIST_SEPARATORS.replace(',', '')}][\\s\\u0000-\\u001f\\u007f${LIST_SEPARATORS.replace(',', '')}]*`, 'g');

/**
 * `query` with each run of control characters (line breaks, tabs), semicolons and ideographic
 * commas in a `select:` list made a comma (`LIST_SEPARATORS`); any other query as it is.
 */
export function selectLines(query: string): string {
  return /^select:/i.test(query) ? query.replace(SELECT_SEPARATOR_RUN, ',') : query;
}
