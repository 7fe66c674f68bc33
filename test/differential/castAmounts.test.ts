// `--amount` against Foundry's cast: where cast reads a value as an uint256 (`cast abi-encode
// "f(uint256)" VALUE`, the coercion `cast send --value` uses), attestkit reads the same integer for
// an 18-decimals currency (the native one); what cast refuses, attestkit refuses too, except the
// few spellings it also takes (a unit in capitals, a fraction with trailing zeros), which give the
// integer they plainly mean.
import { zeroAddress } from "viem";
import { expect, test } from "vitest";
import { resolveAmountFlag } from "../../packages/attestkit/src/cli/money/resolveAmountFlag.js";
import { runCast } from "../support/castBinary.js";

const values = [
  "0",
  "10000000000000000",
  "0x2386f26fc10000",
  "1e18",
  "1E18",
  "1.5e6",
  "1ether",
  "0.01ether",
  "0.01 ether",
  "1e-2ether",
  "1gwei",
  "1.5gwei",
  "1e3gwei",
  "1nano",
  "1nanoether",
  "10wei",
  "1e18wei",
  "1.5",
  "1.25e1",
  "0.5wei",
  "0.0000000001gwei",
  ".5ether",
  "-1",
  "1 2",
  "100usdc",
  "1ETHER",
  "1.0wei",
  "1.20e1",
];
/** Spellings attestkit takes and cast does not, with the integer they mean. */
const alsoTaken: Record<string, string> = {
  "1ETHER": "1000000000000000000",
  "1.0wei": "1",
  "1.20e1": "12",
};

/** What attestkit makes of a value of the native currency: the integer, or undefined when refused. */
async function attestkit(value: string): Promise<string | undefined> {
  const currency = {
    chainId: 1,
    address: zeroAddress,
    flags: ["--origin-currency", "--origin-chain-id"] as const,
  };
  return resolveAmountFlag({ flag: "--amount", value, currency, readBook: async () => new Map() }).catch(
    () => undefined,
  );
}

/** What cast makes of it: the integer, or undefined when it refuses. */
async function cast(value: string): Promise<string | undefined> {
  return runCast(["abi-encode", "f(uint256)", value]).then(
    (word) => BigInt(word).toString(),
    () => undefined,
  );
}

test("default: every value reads as cast reads it", async () => {
  for (const value of values) {
    const ours = await attestkit(value);
    expect(ours, value).toBe(alsoTaken[value] ?? (await cast(value)));
  }
});
