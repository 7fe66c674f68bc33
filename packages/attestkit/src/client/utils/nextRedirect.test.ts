import { expect, test } from "vitest";
import { RedirectError } from "../errors/request.js";
import { nextRedirect } from "./nextRedirect.js";

const url = new URL("https://api.example/quote?apiKey=k1");
const answer = (status: number, location?: string) =>
  new Response(null, { status, headers: location === undefined ? {} : { location } });
const base = {
  url,
  method: "GET",
  shownUrl: "https://api.example/quote",
  apiKey: "k1",
  hops: 0,
  maxRedirects: 5,
};

test("default: a GET redirect is followed to its location, resolved against the URL", () => {
  expect(nextRedirect({ ...base, response: answer(302, "/v2/quote") })).toEqual({
    kind: "follow",
    target: new URL("https://api.example/v2/quote"),
  });
});

test("an answer that is not a redirect is read", () => {
  for (const status of [200, 304, 404, 500])
    expect(nextRedirect({ ...base, response: answer(status, "/elsewhere") })).toEqual({ kind: "answer" });
});

test("refused, in order: another method, no http(s) location, too many hops; the key never shown", () => {
  const reason = (next: ReturnType<typeof nextRedirect>) =>
    next.kind === "refuse" ? [next.error.reason, next.error.location] : next.kind;
  expect(
    reason(nextRedirect({ ...base, method: "POST", response: answer(307, "ftp://x/?apiKey=k1") })),
  ).toEqual(["method", "ftp://x/?apiKey=[redacted]"]);
  expect(reason(nextRedirect({ ...base, response: answer(301) }))).toEqual(["no-location", undefined]);
  expect(reason(nextRedirect({ ...base, response: answer(308, "javascript:alert(1)") }))[0]).toBe(
    "no-location",
  );
  expect(reason(nextRedirect({ ...base, hops: 5, response: answer(303, "/again") }))[0]).toBe("too-many");
  const refused = nextRedirect({ ...base, hops: 5, response: answer(303, "/again") });
  expect(refused.kind === "refuse" && refused.error).toBeInstanceOf(RedirectError);
  expect(refused).toMatchObject({ error: { status: 303, hops: 5, url: "https://api.example/quote" } });
});
