import { expect, test } from "vitest";
import { claimAnswer } from "./claimAnswer.js";

test("default: a held claim has no answer yet: the event runs", () => {
  expect(claimAnswer({ claim: true, runningHere: false })).toBeUndefined();
});

test("in progress here or in the store: 409; handled: 200 as a duplicate", async () => {
  const cases = [
    [{ claim: "in-progress", runningHere: false }, 409, { error: "in-progress" }],
    [{ claim: false, runningHere: true }, 409, { error: "in-progress" }],
    [{ claim: "handled", runningHere: true }, 409, { error: "in-progress" }],
    [{ claim: false, runningHere: false }, 200, { received: true, duplicate: true }],
    [{ claim: "handled", runningHere: false }, 200, { received: true, duplicate: true }],
  ] as const;
  for (const [parameters, status, body] of cases) {
    const answer = claimAnswer(parameters);
    expect(answer?.status, JSON.stringify(parameters)).toBe(status);
    expect(await answer?.json()).toEqual(body);
    expect(answer?.headers.get("retry-after")).toBe(status === 409 ? "10" : null);
  }
});
