import { matchesRequestField } from "./matchesRequestField.js";
import type { FilterGroup } from "./parseFilterGroups.js";
import type { RequestEntry } from "./toRequestEntry.js";

/**
 * Whether a request matches one `filters` group of `GET /requests/v3`: every condition holds (AND);
 * a condition holds when any of its values matches (OR), or, negated (`not:field`), when none does.
 *
 * @param entry - The request and what is read of it. {@link RequestEntry}
 * @param group - The group. {@link FilterGroup}
 * @returns True when the request matches the group.
 * @example
 * groups.some((group) => matchesFilterGroup(entry, group))
 */
export function matchesFilterGroup(entry: RequestEntry, group: FilterGroup): boolean {
  return group.every(({ field, negate, values }) => {
    const any = values.some((value) => matchesRequestField(entry, field, value));
    return negate ? !any : any;
  });
}
