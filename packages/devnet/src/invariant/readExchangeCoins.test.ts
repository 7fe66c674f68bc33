import { expect, test } from "vitest";
import { exchangeRouteTypes, exchangeSolverAccount, exchangeTestAccounts } from "../exchange/constants.js";
import { createExchangeLedger } from "../exchange/createExchangeLedger.js";
import { readExchangeCoins } from "./readExchangeCoins.js";

const relayer = exchangeSolverAccount.accountIndex;
const [user] = exchangeTestAccounts as [(typeof exchangeTestAccounts)[0]];
const transfer = (
  ledger: ReturnType<typeof createExchangeLedger>,
  apiKey: string,
  to: number,
  amount: bigint,
) =>
  ledger.transfer({
    apiKey,
    request: {
      toAccountIndex: to,
      assetIndex: 0,
      fromRouteType: exchangeRouteTypes.perp,
      toRouteType: exchangeRouteTypes.perp,
      amount,
      usdcFee: 0n,
      memo: null,
    },
  }).transfer;

test("default: transfers to the relayer are payments; its own transfers and the faucet are not", () => {
  const ledger = createExchangeLedger();
  const paid = transfer(ledger, user.apiKey, relayer, 5_000_000n);
  transfer(ledger, exchangeSolverAccount.apiKey, user.accountIndex, 2_000_000n);
  ledger.fund({ accountIndex: relayer, assetIndex: 0, amount: 1_000_000n });
  expect(readExchangeCoins({ ledger, chainId: 3586256 })).toEqual({
    chainId: 3586256,
    holder: `${relayer}`,
    balances: new Map([["0", exchangeSolverAccount.balance + 5_000_000n - 2_000_000n + 1_000_000n]]),
    payments: [
      { txHash: paid.hash, logIndex: 0, from: `${user.accountIndex}`, currency: "0", amount: 5_000_000n },
    ],
  });
});
