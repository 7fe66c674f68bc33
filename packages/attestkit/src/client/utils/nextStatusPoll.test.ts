// The client's one status policy as a table: (state, observation, now) -> (action, changed). No
// timers: the clock is a number.
import { describe, expect, test } from "vitest";
import { isFinalStatus, isKnownStatus } from "../../schemas/statuses.js";
import { ApiError, NetworkError, RateLimitError } from "../errors/request.js";
import {
  initialStatusPollState,
  nextStatusPoll,
  type StatusObservation,
  type StatusPollAction,
  type StatusPollState,
} from "./nextStatusPoll.js";

type Status = { status: string; updatedAt?: number };
const policy = {
  isSettled: isFinalStatus,
  isKnown: isKnownStatus,
  intervalMs: 1000,
  failureGraceMs: 15_000,
  notFoundWindowMs: 60_000,
  maxBackoffMs: 30_000,
};
const read = (status: string, updatedAt?: number): StatusObservation<Status> => ({
  kind: "read",
  response: { status, ...(updatedAt === undefined ? {} : { updatedAt }) },
});
const pushed = (status: string): StatusObservation<Status> => ({ kind: "pushed", response: { status } });
const failed = (error: unknown): StatusObservation<Status> => ({ kind: "failed", error });
const request = { method: "GET", url: "http://x/intents/status/v3", body: {}, headers: {} };
const api = (status: number) => new ApiError({ ...request, status });
const network = () => new NetworkError({ method: "GET", url: "http://x", cause: new Error("reset") });

/** Runs observations at the given times from a fresh state; returns each step's action and change. */
function run(steps: [number, StatusObservation<Status>][]) {
  let state: StatusPollState<Status> = initialStatusPollState();
  return steps.map(([now, observation]) => {
    const step = nextStatusPoll(policy, state, observation, now);
    state = step.state;
    return { action: step.action, changed: step.changed?.status, state };
  });
}
const actions = (steps: [number, StatusObservation<Status>][]): StatusPollAction<Status>[] =>
  run(steps).map((step) => step.action);

test("default: pending is read again after the interval, reported once; success settles", () => {
  const steps = run([
    [0, read("waiting")],
    [1000, read("waiting")],
    [2000, read("success")],
  ]);
  expect(steps.map((step) => step.action)).toEqual([
    { kind: "read", afterMs: 1000 },
    { kind: "read", afterMs: 1000 },
    { kind: "settled", response: { status: "success" }, failureStood: false },
  ]);
  expect(steps.map((step) => step.changed)).toEqual(["waiting", undefined, "success"]);
});

describe("failure grace", () => {
  test("a failure stands only once read again after the grace period; the read comes no later", () => {
    expect(
      actions([
        [0, read("failure")],
        [10_000, read("failure")],
        [15_000, read("failure")],
      ]),
    ).toEqual([
      { kind: "read", afterMs: 1000 },
      { kind: "read", afterMs: 1000 },
      { kind: "settled", response: { status: "failure" }, failureStood: true },
    ]);
    expect(
      actions([
        [0, read("failure")],
        [14_500, read("failure")],
      ]).at(-1),
    ).toEqual({
      kind: "read",
      afterMs: 500,
    });
  });
  test("a failure followed by pending starts the grace anew (pending -> failure -> pending -> refund)", () => {
    expect(
      actions([
        [0, read("failure")],
        [5_000, read("pending")],
        [10_000, read("failure")],
        [20_000, read("failure")],
        [25_000, read("refund")],
      ]).map((action) => action.kind),
    ).toEqual(["read", "read", "read", "read", "settled"]);
  });
  test("a pushed failure past the grace is confirmed by a read, never settled by the push", () => {
    expect(
      actions([
        [0, read("failure")],
        [16_000, pushed("failure")],
      ]).at(-1),
    ).toEqual({ kind: "read", afterMs: 0 });
  });
});

describe("unknown statuses", () => {
  test("read: the wait ends; pushed: a read decides", () => {
    expect(actions([[0, read("teleported")]])).toEqual([
      { kind: "unknown-status", response: { status: "teleported" } },
    ]);
    expect(actions([[0, pushed("teleported")]])).toEqual([{ kind: "read", afterMs: 0 }]);
  });
});

describe("failed reads", () => {
  test("transient ones back off exponentially up to the cap; a status resets the backoff", () => {
    const steps = actions([
      [0, failed(network())],
      [1_000, failed(api(503))],
      [3_000, failed(api(502))],
      [7_000, failed(network())],
      [15_000, failed(network())],
      [31_000, failed(network())],
      [61_000, read("pending")],
    ]);
    expect(steps.map((action) => (action.kind === "read" ? action.afterMs : action.kind))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 1000,
    ]);
  });
  test("Retry-After wins when it asks for more than the backoff", () => {
    expect(actions([[0, failed(new RateLimitError({ ...request, retryAfterMs: 7000 }))]])).toEqual([
      { kind: "read", afterMs: 7000 },
    ]);
    expect(actions([[0, failed(new RateLimitError({ ...request, retryAfterMs: 10 }))]])).toEqual([
      { kind: "read", afterMs: 1000 },
    ]);
  });
  test("404 is waited out for the not-found window, counted from the first 404, reset by a status", () => {
    expect(
      actions([
        [0, failed(api(404))],
        [30_000, failed(api(404))],
        [59_000, failed(api(404))],
        [60_000, failed(api(404))],
      ]).map((action) => action.kind),
    ).toEqual(["read", "read", "read", "not-found"]);
    expect(
      actions([
        [0, failed(api(404))],
        [50_000, read("waiting")],
        [59_000, failed(api(404))],
        [100_000, failed(api(404))],
      ]).map((action) => action.kind),
    ).toEqual(["read", "read", "read", "read"]);
  });
  test("a 401 or a 400 ends the wait at once", () => {
    for (const status of [400, 401, 403])
      expect(actions([[0, failed(api(status))]])[0]).toMatchObject({ kind: "fatal" });
  });
  test("each read and each transient failure is counted", () => {
    const last = run([
      [0, failed(network())],
      [1000, read("pending")],
      [2000, failed(api(500))],
    ]).at(-1)?.state;
    expect(last).toMatchObject({ reads: 3, transientFailures: 2, failuresInARow: 1 });
  });
});

test("an answer older than the last one seen changes nothing", () => {
  const steps = run([
    [0, read("submitted", 20)],
    [1000, read("pending", 10)],
  ]);
  expect(steps[1]?.changed).toBeUndefined();
  expect(steps[1]?.state.last).toEqual({ status: "submitted", updatedAt: 20 });
});
