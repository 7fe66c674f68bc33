import type * as z from "zod";
import type { RequestIssue } from "../errors.js";

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Turns a zod issue into the field, rule id and message that `InvalidRequestError` reports. */
export function toRequestIssue({ issue, body }: { issue: z.core.$ZodIssue; body: unknown }): RequestIssue {
  const path = issue.path;
  const field = path.map(String).join(".");
  switch (issue.code) {
    case "unrecognized_keys": {
      const key = issue.keys[0] ?? "";
      return {
        field: field ? `${field}.${key}` : key,
        rule: "unknown-key",
        message: "is not a field of this endpoint",
      };
    }
    case "invalid_type":
      if (issue.expected === "int") return { field, rule: "integer", message: "must be an integer" };
      if (path.length > 0 && valueAt(body, path) === undefined)
        return { field, rule: "required", message: "is required" };
      return { field, rule: "type", message: `must be of type ${issue.expected}` };
    case "invalid_union":
      if (path.length > 0 && valueAt(body, path) === undefined)
        return { field, rule: "required", message: "is required" };
      return { field, rule: "type", message: "is none of the accepted types" };
    case "invalid_format":
      return { field, rule: issue.format === "regex" ? "pattern" : "format", message: issue.message };
    case "invalid_value":
      return {
        field,
        rule: "enum",
        message: `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`,
      };
    case "too_small":
      return issue.origin === "array"
        ? { field, rule: "min-length", message: `must have at least ${issue.minimum} element(s)` }
        : issue.origin === "string"
          ? { field, rule: "required", message: "must not be empty" }
          : { field, rule: "min", message: `must be at least ${issue.minimum}` };
    case "too_big":
      return { field, rule: issue.origin === "array" ? "max-length" : "max", message: issue.message };
    case "custom":
      return { field, rule: String(issue.params?.rule ?? "custom"), message: issue.message };
    default:
      return { field, rule: "type", message: issue.message };
  }
}
