import { BaseError } from "../errors/BaseError.js";
import type { RequestEndpoint, ResponseEndpoint } from "./types.js";

/** One broken rule of a request. */
export type RequestIssue = {
  /** Dot path of the field, e.g. `"slippageTolerance"` or `"sponsoredFeeComponents.0"`; `""` for the body. */
  field: string;
  /** Short rule id: `required`, `type`, `integer`, `pattern`, `enum`, `min`, `max`, `min-length`,
   * `unknown-key`, or a cross-field/route rule such as `requires:subsidizeFees` or `bitcoin:recipient`. */
  rule: string;
  /** What is wrong, in words. */
  message: string;
  /** For an unknown field that is a near miss of a known one: the known field (`did you mean`). */
  suggestion?: string | undefined;
};

/** One problem of a response body. */
export type ResponseIssue = {
  /** Dot path, e.g. `"steps"` or `"steps.0.items.1.data"`; `""` for the body. */
  path: string;
  message: string;
};

/** A request body breaks a rule of the interface; nothing was sent. */
export class InvalidRequestError extends BaseError {
  readonly endpoint: RequestEndpoint;
  /** The first broken field. */
  readonly field: string;
  /** The first broken rule. */
  readonly rule: string;
  /** Every broken rule. */
  readonly issues: readonly RequestIssue[];
  constructor({
    endpoint,
    issues,
  }: { endpoint: RequestEndpoint; issues: readonly [RequestIssue, ...RequestIssue[]] }) {
    const [first] = issues;
    super(
      `Invalid ${endpoint} request: field "${first.field || "(body)"}" ${first.message} (rule ${first.rule}).`,
      {
        name: "InvalidRequestError",
        metaMessages: issues
          .slice(1)
          .map((issue) => `also: "${issue.field || "(body)"}" ${issue.message} (rule ${issue.rule})`),
      },
    );
    this.endpoint = endpoint;
    this.field = first.field;
    this.rule = first.rule;
    this.issues = issues;
  }
}

/** {@link InvalidRequestError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidRequestErrorType = InvalidRequestError & { name: "InvalidRequestError" };

/** A response body cannot be used: a field a caller needs is missing or of the wrong type. */
export class InvalidResponseError extends BaseError {
  readonly endpoint: ResponseEndpoint;
  readonly issues: readonly ResponseIssue[];
  constructor({ endpoint, issues }: { endpoint: ResponseEndpoint; issues: readonly ResponseIssue[] }) {
    const [first] = issues;
    super(
      `Invalid ${endpoint} response${first ? ` at "${first.path || "(body)"}": ${first.message}` : ""}.`,
      {
        name: "InvalidResponseError",
        metaMessages: [
          ...issues.slice(1, 6).map((issue) => `also at "${issue.path || "(body)"}": ${issue.message}`),
          ...(issues.length > 6 ? [`and ${issues.length - 6} more`] : []),
          "Unknown fields and nulls are accepted; this body lacks something a caller relies on.",
        ],
      },
    );
    this.endpoint = endpoint;
    this.issues = issues;
  }
}

/** {@link InvalidResponseError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidResponseErrorType = InvalidResponseError & { name: "InvalidResponseError" };
