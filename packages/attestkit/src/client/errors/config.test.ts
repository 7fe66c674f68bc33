import { expect, test } from "vitest";
import { InvalidClientConfigError } from "./config.js";

test("default: names the option and says what is accepted", () => {
  const error = new InvalidClientConfigError({ field: "network", reason: "unknown network" });
  expect(error).toMatchObject({ name: "InvalidClientConfigError", field: "network" });
  expect(error.shortMessage).toBe('Client option "network" is invalid: unknown network.');
  expect(error.metaMessages).toEqual(["network is 'mainnet', 'testnet' or { baseUrl: 'http(s)://...' }."]);
});
