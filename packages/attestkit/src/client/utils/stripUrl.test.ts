import { expect, test } from "vitest";
import { stripUrl } from "./stripUrl.js";

test("default: a URL without credentials is unchanged", () => {
  expect(stripUrl({ url: "https://api.relay.link/quote/v2" })).toBe("https://api.relay.link/quote/v2");
});

test("user info and credential parameters are removed", () => {
  expect(stripUrl({ url: "https://u:p@api.example/x?apiKey=abc&a=1&token=t&api_key=z" })).toBe(
    "https://api.example/x?apiKey=[redacted]&a=1&token=[redacted]&api_key=[redacted]",
  );
});

test("the secret is removed wherever it appears", () => {
  expect(stripUrl({ url: "https://api.example/s3cret/x?q=s3cret", secret: "s3cret" })).toBe(
    "https://api.example/[redacted]/x?q=[redacted]",
  );
});

test("a string that is not a URL still loses the secret", () => {
  expect(stripUrl({ url: "not a url s3cret", secret: "s3cret" })).toBe("not a url [redacted]");
});
