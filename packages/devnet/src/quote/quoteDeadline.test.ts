import { expect, test } from "vitest";
import { defaultQuoteTtlSeconds } from "../constants.js";
import { DevnetApiError } from "../errors.js";
import { quoteDeadline } from "./quoteDeadline.js";

test("default: the ttl after the quote; the order's deadline is that instant's second", () => {
  expect(quoteDeadline({ now: 1_700_000_000_500, ttl: 60 })).toEqual({
    expiresAt: 1_700_000_060_500,
    deadline: 1_700_000_060,
  });
});

test("no ttl: the default window, an hour", () => {
  expect(defaultQuoteTtlSeconds).toBe(3_600);
  expect(quoteDeadline({ now: 1_700_000_000_000, ttl: undefined })).toEqual({
    expiresAt: 1_700_003_600_000,
    deadline: 1_700_003_600,
  });
});

test("ttl 0: the request expires at the quote's instant; the signed second is never later than it", () => {
  const { expiresAt, deadline } = quoteDeadline({ now: 1_700_000_000_999, ttl: 0 });
  expect(expiresAt).toBe(1_700_000_000_999);
  expect(deadline).toBe(1_700_000_000);
  expect(deadline * 1000).toBeLessThanOrEqual(expiresAt);
});

test("the last uint32 second is accepted; one second more is a 400", () => {
  const now = 1_700_000_000_000;
  const last = 2 ** 32 - 1 - 1_700_000_000;
  expect(quoteDeadline({ now, ttl: last }).deadline).toBe(2 ** 32 - 1);
  for (const ttl of [last + 1, Number.MAX_SAFE_INTEGER]) {
    const error = (() => {
      try {
        quoteDeadline({ now, ttl });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(DevnetApiError);
    expect((error as DevnetApiError).status).toBe(400);
    expect((error as DevnetApiError).body).toMatchObject({ errorCode: "INVALID_REQUEST" });
    expect((error as DevnetApiError).body.message).toContain(`ttl ${ttl}`);
  }
});
