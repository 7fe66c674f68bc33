import { randomBytes } from "node:crypto";
import {
  type Address,
  bytesToHex,
  formatUnits,
  getAddress,
  type Hex,
  isAddress,
  isAddressEqual,
  verifyMessage,
} from "viem";
import { payFromDepository } from "../chains/payFromDepository.js";
import { DevnetApiError } from "../errors.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import { renderAmount } from "./renderAmount.js";
import type { ApiChain, DevnetContext } from "./types.js";

/** What `GET /app-fees/{wallet}/balances` uses of the devnet: the app fee ledger, the currencies, the origin chain, the URL. */
export type AppFeeBalancesDeps = Pick<
  DevnetContext,
  "appFees" | "currencies" | "chains" | "originChainId" | "url"
>;

/** What `POST /app-fees/{wallet}/claim` uses of the devnet: the app fee ledger, the EVM chains, the currencies, the clock. */
export type AppFeeClaimDeps = Pick<DevnetContext, "appFees" | "chains" | "currencies" | "now">;

/** What `POST /app-fees/{wallet}/claim/execute` uses of the devnet: the app fee ledger, the EVM chains (payment), the log, the clock. */
export type AppFeeClaimExecuteDeps = Pick<DevnetContext, "appFees" | "chains" | "log" | "now">;

/**
 * `GET /app-fees/{wallet}/balances`, as the live service answers it: app fees accrue in USDC, one
 * balance (the origin chain's USDC) with `amount`, `amountFormatted`, `amountUsd` and
 * `minimumAmount` (a devnet claim costs nothing: the whole amount). No balance, an empty list.
 *
 * @param parameters - The context and the wallet of the path.
 * @returns `{ balances }`.
 * @throws DevnetApiError 400 `INVALID_ADDRESS` for a wallet that is not an EVM address.
 * @example
 * c.json(handleAppFeeBalances({ context, wallet: c.req.param("wallet") }))
 */
export function handleAppFeeBalances({ context, wallet }: { context: AppFeeBalancesDeps; wallet: string }) {
  const owner = walletOrThrow(wallet);
  const amount = context.appFees.balance(owner);
  const usdc = accrualCurrency(context);
  return { balances: amount > 0n ? [renderAmount({ currency: usdc, amount, url: context.url })] : [] };
}

/**
 * `POST /app-fees/{wallet}/claim` with `{chainId, currency, recipient, amount?}`: reserves the amount
 * (the whole balance without `amount`) of the wallet's USDC app fees and answers the live shape
 * `{steps}`: one `signature` step, an EIP-191 message the wallet signs, posted to
 * `POST /app-fees/{wallet}/claim/execute?signature=` with `{claimId}`; then the devnet pays the
 * recipient out of the depository of `chainId`.
 *
 * @param parameters - The context, the wallet of the path and the JSON body.
 * @returns `{ steps }`.
 * @throws DevnetApiError 400 `INVALID_ADDRESS`, `UNSUPPORTED_CHAIN`, `UNSUPPORTED_CURRENCY` (only
 * USDC is claimed), `INVALID_REQUEST` (amount), `INSUFFICIENT_FUNDS` (more than the balance).
 * @example
 * c.json(handleAppFeeClaim({ context, wallet, body }))
 */
export function handleAppFeeClaim({
  context,
  wallet,
  body,
}: {
  context: AppFeeClaimDeps;
  wallet: string;
  body: unknown;
}) {
  const owner = walletOrThrow(wallet);
  const { chainId, currency, recipient, amount } = (body ?? {}) as Record<string, unknown>;
  const chain = context.chains.get(Number(chainId));
  if (!chain || (typeof chainId !== "number" && typeof chainId !== "string"))
    throw invalid("UNSUPPORTED_CHAIN", `chainId ${String(chainId)} is not a devnet chain.`);
  const usdc = usdcOf(context, chain);
  if (
    typeof currency !== "string" ||
    !isAddress(currency, { strict: false }) ||
    !isAddressEqual(currency, usdc.address)
  )
    throw invalid(
      "UNSUPPORTED_CURRENCY",
      `App fees are claimed in USDC (${usdc.address} on chain ${chain.chainId}).`,
    );
  if (typeof recipient !== "string" || !isAddress(recipient, { strict: false }))
    throw invalid("INVALID_ADDRESS", "recipient must be an EVM address.");
  if (amount !== undefined && (typeof amount !== "string" || !/^[0-9]+$/.test(amount)))
    throw invalid("INVALID_REQUEST", "amount must be digits only (smallest unit).");
  const balance = context.appFees.balance(owner);
  const value = amount === undefined ? balance : BigInt(amount);
  if (value === 0n) throw invalid("INSUFFICIENT_FUNDS", `No app fees to claim for ${owner}.`);
  if (value > balance)
    throw invalid("INSUFFICIENT_FUNDS", `Claim of ${value} exceeds the balance of ${balance} for ${owner}.`);
  const claimId = bytesToHex(randomBytes(32));
  const to = getAddress(recipient);
  // No 64-hex run in the text: clients (the official SDK among them) sign such a message as raw bytes.
  const message = `Claim ${formatUnits(value, usdc.decimals)} USDC of app fees of ${owner} to ${to} on chain ${chain.chainId} (claim ${claimId.slice(2, 18)})`;
  context.appFees.reserve({
    claimId,
    wallet: owner,
    chainId: chain.chainId,
    currency: usdc.address,
    recipient: to,
    amount: value,
    message,
    createdAt: (context.now ?? Date.now)(),
  });
  return {
    steps: [
      {
        id: "claim",
        action: "Confirm claim",
        description: `Claim ${formatUnits(value, usdc.decimals)} USDC of app fees`,
        kind: "signature",
        items: [
          {
            status: "incomplete",
            data: {
              sign: { signatureKind: "eip191", message },
              post: {
                endpoint: `/app-fees/${owner}/claim/execute`,
                method: "POST",
                body: { claimId },
              },
            },
          },
        ],
      },
    ],
  };
}

/**
 * `POST /app-fees/{wallet}/claim/execute?signature=` with `{claimId}`: the wallet's signature of the
 * claim's message pays the recipient (the depository's `devnetWithdrawErc20`) and spends the
 * reservation; a wrong signature leaves the claim pending; a payment that fails restores the balance.
 * The claim enters the wallet's history (`GET /app-fees/{wallet}/claims`) once signed, with how its
 * payment ended (`recordPayout`).
 *
 * @param parameters - The context, the wallet of the path, the signature and the JSON body.
 * @returns `{message, txHash}` once the payment is mined.
 * @throws DevnetApiError 400 `INVALID_SIGNATURE` (not the wallet's), `INVALID_REQUEST` (an unknown,
 * used or foreign claim id), 500 `UNKNOWN_ERROR` when the payment fails.
 * @example
 * c.json(await handleAppFeeClaimExecute({ context, wallet, signature, body }))
 */
export async function handleAppFeeClaimExecute({
  context,
  wallet,
  signature,
  body,
}: {
  context: AppFeeClaimExecuteDeps;
  wallet: string;
  signature: string | undefined;
  body: unknown;
}) {
  const owner = walletOrThrow(wallet);
  const { claimId } = (body ?? {}) as { claimId?: unknown };
  const claim =
    typeof claimId === "string" && /^0x[0-9a-fA-F]{64}$/.test(claimId)
      ? context.appFees.pending(claimId as Hex)
      : undefined;
  if (!claim || !isAddressEqual(claim.wallet, owner))
    throw invalid("INVALID_REQUEST", `No pending claim ${String(claimId)} of ${owner}.`);
  const valid =
    typeof signature === "string" &&
    /^0x[0-9a-fA-F]{130}$/.test(signature) &&
    (await verifyMessage({ address: owner, message: claim.message, signature: signature as Hex }));
  if (!valid) throw invalid("INVALID_SIGNATURE", `The signature is not ${owner}'s signature of the claim.`);
  // Settled before the payment: a second post of the same signature finds no pending claim.
  context.appFees.settle(claim.claimId, "paid");
  const chain = context.chains.get(claim.chainId) as ApiChain;
  const now = context.now ?? Date.now;
  let txHash: Hex | null = null;
  try {
    const { hash, receipt } = await payFromDepository({
      sender: chain.sender,
      depository: chain.contracts.depository,
      currency: claim.currency,
      to: claim.recipient,
      amount: claim.amount,
    });
    txHash = hash;
    if (receipt.status !== "success") throw new Error(`claim payment ${hash} reverted`);
    context.appFees.recordPayout(claim.claimId, { txHash: hash, status: "success", at: now() });
    return { message: "Claim paid", txHash: hash, amount: claim.amount.toString() };
  } catch (error) {
    context.appFees.credit(owner, claim.amount, `failed claim ${claim.claimId}`);
    context.appFees.recordPayout(claim.claimId, { txHash, status: "failure", at: now() });
    context.log(`app fee claim ${claim.claimId}: ${error instanceof Error ? error.message : String(error)}`);
    throw new DevnetApiError({
      status: 500,
      errorCode: "UNKNOWN_ERROR",
      message: "The claim payment failed; the balance was restored.",
    });
  }
}

/** The currency app fees accrue in: the origin chain's USDC. */
function accrualCurrency(context: AppFeeBalancesDeps): DevnetCurrency {
  return usdcOf(context, context.chains.get(context.originChainId) as ApiChain);
}

function usdcOf(context: Pick<DevnetContext, "currencies">, chain: ApiChain): DevnetCurrency {
  return context.currencies.find((c) => c.chainId === chain.chainId && !c.isNative) as DevnetCurrency;
}

function walletOrThrow(wallet: string): Address {
  if (!isAddress(wallet, { strict: false }))
    throw invalid("INVALID_ADDRESS", `${wallet} is not an EVM address.`);
  return getAddress(wallet);
}

function invalid(errorCode: string, message: string) {
  return new DevnetApiError({ status: 400, errorCode, message });
}
