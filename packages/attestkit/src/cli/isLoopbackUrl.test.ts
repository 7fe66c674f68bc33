import { expect, test } from "vitest";
import { isLoopbackUrl } from "./isLoopbackUrl.js";

test("default: a devnet's address is on this machine", () => {
  expect(isLoopbackUrl("http://127.0.0.1:8787")).toBe(true);
});

test.each([
  ["http://localhost:8787", true],
  ["http://127.1.2.3", true],
  ["http://[::1]:8787", true],
  ["https://api.relay.link", false],
  ["http://127.0.0.1.attacker.example", false],
  ["http://10.0.0.1:8787", false],
  ["http://0.0.0.0:8787", false],
  ["not a url", false],
])("%s: %s", (url, loopback) => {
  expect(isLoopbackUrl(url)).toBe(loopback);
});
