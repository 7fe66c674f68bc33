import { type Address, encodeFunctionData, maxUint256 } from "viem";
import { depositoryTokenLiquidity, devnetTestAccounts, testAccountTokenBalance } from "../constants.js";
import { devnetEip3009TokenAbi } from "../contracts/abis.js";
import type { TransactionSender } from "./createTransactionSender.js";
import { mintDevnetToken } from "./mintDevnetToken.js";
import { waitForSetupTransactions } from "./waitForSetupTransactions.js";

export type SetUpDevnetTokenParameters = {
  /** The solver's sender: the token's minter. */
  solver: TransactionSender;
  chainId: number;
  /** The USDC-like test token (6 decimals). */
  token: Address;
  depository: Address;
  /** The fee sponsor, minted like a test account. */
  sponsor?: Address | undefined;
};

/**
 * Funds a chain's token: mints `testAccountTokenBalance` to each test account (and the sponsor),
 * `depositoryTokenLiquidity` to the depository for fills, and lets the depository take the solver's
 * tokens without limit, since the solver deposits the tokens it receives by authorization (EIP-3009)
 * for the users who signed. Sent together, then waited for in order.
 *
 * @param parameters - {@link SetUpDevnetTokenParameters}
 * @throws Error `Devnet token setup failed on chain <chainId>.` when one of them reverted.
 * @example
 * await setUpDevnetToken({ solver, chainId, token, depository, sponsor })
 */
export async function setUpDevnetToken({
  solver,
  chainId,
  token,
  depository,
  sponsor,
}: SetUpDevnetTokenParameters): Promise<void> {
  const mints = [
    ...devnetTestAccounts.map((account) => [account.address, testAccountTokenBalance] as const),
    ...(sponsor ? [[sponsor, testAccountTokenBalance] as const] : []),
    [depository, depositoryTokenLiquidity] as const,
  ];
  const hashes = await Promise.all(
    mints.map(([to, amount]) => mintDevnetToken({ solver, token, to, amount })),
  );
  hashes.push(
    await solver.send({
      to: token,
      data: encodeFunctionData({
        abi: devnetEip3009TokenAbi,
        functionName: "approve",
        args: [depository, maxUint256],
      }),
      gas: 100_000n,
    }),
  );
  await waitForSetupTransactions({ solver, hashes, what: "token setup", chainId });
}
