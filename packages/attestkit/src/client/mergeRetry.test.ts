import { expect, test } from "vitest";
import { mergeRetry } from "./mergeRetry.js";

test("default: the call's fields over the client's", () => {
  expect(mergeRetry({ client: { retryCount: 1, delay: 10 }, call: { delay: 4 } })).toEqual({
    retryCount: 1,
    delay: 4,
  });
});

test("no call settings: the client's; a false on either side: the call's alone", () => {
  const client = { retryCount: 3 };
  expect(mergeRetry({ client, call: undefined })).toBe(client);
  expect(mergeRetry({ client: false, call: undefined })).toBe(false);
  expect(mergeRetry({ client, call: false })).toBe(false);
  expect(mergeRetry({ client: false, call: { retryCount: 2 } })).toEqual({ retryCount: 2 });
});
