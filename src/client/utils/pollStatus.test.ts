import { describe, expect, test } from "vitest";
import { AbortError, ApiError, NetworkError } from "../errors/request.js";
import { pollStatus } from "./pollStatus.js";

type Answer = { status: string } | Error;

/** A read that gives the answers in order (the last one again once they run out) and counts calls. */
function reader(...answers: Answer[]) {
  let calls = 0;
  const read = async () => {
    const answer = answers[Math.min(calls++, answers.length - 1)] as Answer;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { read, calls: () => calls };
}

const notFound = () => new ApiError({ status: 404, method: "GET", url: "u", body: {}, headers: {} });
const timedOut = new Error("timed out");
const base = {
  isSettled: (status: string) => status === "success" || status === "refund",
  intervalMs: 1,
  timeoutMs: 5_000,
  failureGraceMs: 1_000,
  timeoutError: () => timedOut,
};

test("default: reads until a settled status and reports each change once", async () => {
  const { read, calls } = reader(
    { status: "waiting" },
    { status: "waiting" },
    { status: "pending" },
    { status: "success" },
  );
  const seen: string[] = [];
  const result = await pollStatus({ ...base, read, onChange: ({ status }) => seen.push(status) });
  expect(result).toEqual({ response: { status: "success" }, failureStood: false });
  expect(seen).toEqual(["waiting", "pending", "success"]);
  expect(calls()).toBe(4);
});

describe("failure", () => {
  test("a failure followed by another status does not end the wait", async () => {
    const { read } = reader({ status: "failure" }, { status: "pending" }, { status: "refund" });
    expect(await pollStatus({ ...base, read })).toEqual({
      response: { status: "refund" },
      failureStood: false,
    });
  });

  test("a failure that stands for the grace period ends it, marked as such", async () => {
    const { read, calls } = reader({ status: "failure" });
    const start = Date.now();
    const result = await pollStatus({ ...base, read, intervalMs: 1_000, failureGraceMs: 40 });
    expect(result).toEqual({ response: { status: "failure" }, failureStood: true });
    // The grace period, not the interval, sets the next read.
    expect(Date.now() - start).toBeLessThan(900);
    expect(calls()).toBeGreaterThanOrEqual(2);
  });

  test("the grace period starts again after another status", async () => {
    const { read } = reader({ status: "failure" }, { status: "pending" }, { status: "failure" });
    const result = await pollStatus({ ...base, read, failureGraceMs: 20 });
    expect(result.failureStood).toBe(true);
  });
});

describe("errors", () => {
  test("transient errors and 404 are waited out", async () => {
    const network = new NetworkError({ method: "GET", url: "u", cause: new Error("reset") });
    const { read, calls } = reader(network, notFound(), { status: "success" });
    expect((await pollStatus({ ...base, read })).response.status).toBe("success");
    expect(calls()).toBe(3);
  });

  test("any other error ends the wait at once", async () => {
    const bad = new ApiError({ status: 400, method: "GET", url: "u", body: {}, headers: {} });
    const { read, calls } = reader(bad, { status: "success" });
    await expect(pollStatus({ ...base, read })).rejects.toBe(bad);
    expect(calls()).toBe(1);
  });

  test("the timeout builds the caller's error from the last response and the last read error", async () => {
    const failedRead = notFound();
    const { read } = reader({ status: "waiting" }, failedRead);
    const seen: unknown[] = [];
    const error = await pollStatus({
      ...base,
      read,
      timeoutMs: 40,
      timeoutError: (last) => {
        seen.push(last);
        return timedOut;
      },
    }).catch((e: unknown) => e);
    expect(error).toBe(timedOut);
    expect(seen).toEqual([{ response: { status: "waiting" }, error: failedRead }]);
  });

  test("the timeout aborts a read in flight", async () => {
    const start = Date.now();
    const error = await pollStatus({
      ...base,
      timeoutMs: 30,
      read: ({ signal }) =>
        new Promise<{ status: string }>((_, reject) =>
          signal.addEventListener("abort", () => reject(new Error("aborted read"))),
        ),
    }).catch((e: unknown) => e);
    expect(error).toBe(timedOut);
    expect(Date.now() - start).toBeLessThan(1_000);
  });

  test("an infinite timeout sets no timer and still settles", async () => {
    const { read } = reader({ status: "success" });
    expect((await pollStatus({ ...base, read, timeoutMs: Number.POSITIVE_INFINITY })).response.status).toBe(
      "success",
    );
  });
});

describe("abort", () => {
  test("an aborted signal reads nothing", async () => {
    const { read, calls } = reader({ status: "success" });
    await expect(pollStatus({ ...base, read, signal: AbortSignal.abort("stop") })).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(calls()).toBe(0);
  });

  test("an abort during the wait between reads rejects promptly with the reason", async () => {
    const controller = new AbortController();
    const { read } = reader({ status: "waiting" });
    const start = Date.now();
    setTimeout(() => controller.abort("stop"), 20);
    const error = await pollStatus({ ...base, read, intervalMs: 10_000, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toBe("stop");
    expect(Date.now() - start).toBeLessThan(1_000);
  });
});
