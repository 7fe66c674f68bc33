import { invalidRequestsQuery } from "./invalidRequestsQuery.js";
import { type RequestFilterField, requestFilterFields } from "./requestFilterFields.js";

/** One `filters` group: every condition must hold (AND); a condition holds when any value matches (OR). */
export type FilterGroup = {
  field: RequestFilterField;
  /** `not:field`: the condition holds when no value matches. */
  negate: boolean;
  /** The values, as text. */
  values: string[];
}[];

/**
 * Reads the `filters` parameter of `GET /requests/v3`, as the live service takes it: a JSON array
 * of groups, each an object of field to a value or an array of values (strings or numbers); a key
 * `not:field` negates. Every field of {@link requestFilterFields} but `term` may be used. Pure.
 *
 * @param filters - The parameter's text, or undefined when absent.
 * @returns The groups; none without the parameter. {@link FilterGroup}
 * @throws DevnetApiError 400 `INVALID_REQUEST` (`filters: ...`) for anything else.
 * @example
 * parseFilterGroups('[{"status":["success","refund"]},{"not:chainId":1}]')
 */
export function parseFilterGroups(filters: string | undefined): FilterGroup[] {
  if (filters === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(filters);
  } catch {
    throw invalidRequestsQuery("filters: must be a JSON array of filter groups.");
  }
  if (!Array.isArray(parsed)) throw invalidRequestsQuery("filters: must be a JSON array of filter groups.");
  return parsed.map((group: unknown, index) => {
    if (group === null || typeof group !== "object" || Array.isArray(group))
      throw invalidRequestsQuery(`filters: group ${index} must be an object of field to value.`);
    return Object.entries(group).map(([key, raw]) => {
      const negate = key.startsWith("not:");
      const name = negate ? key.slice(4) : key;
      const field = requestFilterFields.find((known) => known === name);
      if (field === undefined || field === "term")
        throw invalidRequestsQuery(`filters: group ${index}: ${key} cannot be used in a filter group.`);
      const values: unknown[] = Array.isArray(raw) ? raw : [raw];
      if (
        values.length === 0 ||
        values.some((value) => typeof value !== "string" && typeof value !== "number")
      )
        throw invalidRequestsQuery(
          `filters: group ${index}: ${key} must be a string, a number or an array of them.`,
        );
      return { field, negate, values: values.map(String) };
    });
  });
}
