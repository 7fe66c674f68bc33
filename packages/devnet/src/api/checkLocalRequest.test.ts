import { expect, test } from "vitest";
import { type CheckLocalRequestParameters, checkLocalRequest } from "./checkLocalRequest.js";

const request = (overrides: Partial<CheckLocalRequestParameters> = {}): CheckLocalRequestParameters => ({
  method: "POST",
  path: "/quote/v2",
  host: "127.0.0.1:8787",
  origin: undefined,
  contentType: "application/json",
  hasBody: true,
  ...overrides,
});
const refusal = (overrides: Partial<CheckLocalRequestParameters>) =>
  checkLocalRequest(request(overrides))?.errorCode;

test("default: a JSON POST from a client outside a browser (no Origin) is served", () => {
  expect(checkLocalRequest(request())).toBeUndefined();
});

test.each([
  ["127.0.0.1 on any port", "127.0.0.1:9000", undefined],
  ["localhost", "localhost:8787", undefined],
  ["LOCALHOST", "LOCALHOST:8787", undefined],
  ["[::1]", "[::1]:8787", undefined],
  ["a name resolved to 127.0.0.1 (DNS rebinding)", "rebind.example:8787", "FORBIDDEN_HOST"],
  ["a subdomain of localhost", "evil.localhost:8787", "FORBIDDEN_HOST"],
  ["another address", "192.168.1.5:8787", "FORBIDDEN_HOST"],
  ["0.0.0.0", "0.0.0.0:8787", "FORBIDDEN_HOST"],
  ["no Host", undefined, "FORBIDDEN_HOST"],
  ["a Host with userinfo", "evil.example@127.0.0.1:8787", "FORBIDDEN_HOST"],
  ["a Host with a path", "127.0.0.1:8787/x", "FORBIDDEN_HOST"],
])("Host %s", (_, host, code) => {
  expect(refusal({ host, method: "GET", contentType: undefined, hasBody: false })).toBe(code);
});

test.each([
  ["its own (the dashboard)", "http://127.0.0.1:8787", "/quote/v2", undefined],
  ["another port of this machine", "http://127.0.0.1:5173", "/quote/v2", "FORBIDDEN_ORIGIN"],
  ["localhost while the Host is 127.0.0.1", "http://localhost:8787", "/quote/v2", "FORBIDDEN_ORIGIN"],
  ["https of the same host", "https://127.0.0.1:8787", "/quote/v2", "FORBIDDEN_ORIGIN"],
  ["a web site", "https://evil.example", "/quote/v2", "FORBIDDEN_ORIGIN"],
  ["null (a sandboxed frame, a file)", "null", "/quote/v2", "FORBIDDEN_ORIGIN"],
  [
    "a wallet extension, on a chain's JSON-RPC",
    "chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn",
    "/rpc/31337",
    undefined,
  ],
  [
    "a Firefox wallet extension, on JSON-RPC",
    "moz-extension://0b5a1d1e-7a3c-4d21-9f0a-3e1f2b4c5d6e",
    "/rpc/31338",
    undefined,
  ],
  [
    "a wallet extension, on the API",
    "chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn",
    "/quote/v2",
    "FORBIDDEN_ORIGIN",
  ],
  ["a web site, on JSON-RPC", "https://evil.example", "/rpc/31337", "FORBIDDEN_ORIGIN"],
])("Origin %s", (_, origin, path, code) => {
  expect(refusal({ origin, path })).toBe(code);
});

test.each([
  ["application/json; charset=utf-8", true, "/quote/v2", undefined],
  ["Application/JSON", true, "/quote/v2", undefined],
  ["application/vnd.api+json", true, "/quote/v2", undefined],
  ["text/plain;charset=UTF-8", true, "/quote/v2", "UNSUPPORTED_MEDIA_TYPE"],
  ["application/x-www-form-urlencoded", true, "/rpc/31337", "UNSUPPORTED_MEDIA_TYPE"],
  ["multipart/form-data; boundary=x", true, "/devnet/webhooks/endpoints", "UNSUPPORTED_MEDIA_TYPE"],
  ["text/plain; application/json", true, "/quote/v2", "UNSUPPORTED_MEDIA_TYPE"],
  [undefined, true, "/quote/v2", "UNSUPPORTED_MEDIA_TYPE"],
  // POST /devnet/webhooks/{id}/replay carries nothing to type.
  [undefined, false, "/devnet/webhooks/evt_1/replay", undefined],
  ["text/plain", false, "/devnet/webhooks/evt_1/replay", "UNSUPPORTED_MEDIA_TYPE"],
  // Esplora's broadcast: the raw transaction as text.
  ["text/plain", true, "/bitcoin/api/tx", undefined],
] as const)("Content-Type %s, a body: %s, %s", (contentType, hasBody, path, code) => {
  expect(refusal({ contentType, hasBody, path })).toBe(code);
});

test("GET needs no content type; the checks run in order: Host, then Origin, then the body", () => {
  expect(refusal({ method: "GET", contentType: undefined, hasBody: false })).toBeUndefined();
  expect(refusal({ host: "rebind.example", origin: "https://evil.example", contentType: "text/plain" })).toBe(
    "FORBIDDEN_HOST",
  );
  expect(refusal({ origin: "https://evil.example", contentType: "text/plain" })).toBe("FORBIDDEN_ORIGIN");
});
