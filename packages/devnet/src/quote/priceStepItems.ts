import type { stepSchema } from "attestkit/schemas";
import { type Hex, hexToBigInt, numberToHex } from "viem";
import type * as z from "zod";
import type { ChainRequest } from "../chains/createDevnetChains.js";

type Step = z.input<typeof stepSchema>;

export type PriceStepItemsParameters = {
  /** The origin chain's `request`: its fee data and gas estimates are read there. */
  request: ChainRequest;
  /** The quote's steps on that chain. */
  steps: Step[];
};

/**
 * Gives each EVM transaction item of a quote its gas prices and, where the chain can tell, its gas
 * limit, as the live service does: every EVM transaction item of the recorded quotes (approvals,
 * deposits, swaps) carries `maxFeePerGas` and `maxPriorityFeePerGas` (decimal strings, wei per gas),
 * and some carry `gas` (the official SDK's fixtures and `TransactionStepItem`, relay-kit
 * `packages/sdk/tests/data/*.ts`; the interface: "may be absent"). From the chain's fee data now:
 * `maxPriorityFeePerGas` is `eth_maxPriorityFeePerGas`, `maxFeePerGas` twice the latest block's base
 * fee plus it (room for the base fee to double before the item is sent, as the devnet's solver
 * prices its own transactions). `gas` is the item's `eth_estimateGas` at the chain's state now plus
 * a fifth (the solver's margin), when it can be estimated now; an item that depends on an earlier
 * one (a deposit after its approval) cannot, and gets none: the wallet estimates it when it is sent.
 * An item that has a `gas` already (`gasLimitForDepositSpecifiedTxs`) keeps it; signature steps,
 * PSBTs and exchange actions are left as they are.
 *
 * @param parameters - {@link PriceStepItemsParameters}
 * @returns The steps, their transaction items priced.
 * @example
 * const priced = await priceStepItems({ request: origin.request, steps })
 */
export async function priceStepItems({ request, steps }: PriceStepItemsParameters): Promise<Step[]> {
  if (!steps.some((step) => step.kind === "transaction")) return steps;
  const [block, priority] = await Promise.all([
    request({ method: "eth_getBlockByNumber", params: ["latest", false] }) as Promise<{
      baseFeePerGas?: Hex;
    }>,
    request({ method: "eth_maxPriorityFeePerGas" }).then((fee) => hexToBigInt(fee as Hex)),
  ]);
  const baseFee = block.baseFeePerGas === undefined ? 0n : hexToBigInt(block.baseFeePerGas);
  const fees = {
    maxFeePerGas: (baseFee * 2n + priority).toString(),
    maxPriorityFeePerGas: priority.toString(),
  };
  const priced: Step[] = [];
  for (const step of steps) {
    const items = [];
    for (const item of step.items ?? []) {
      const data = item.data;
      if (step.kind !== "transaction" || !isTransaction(data)) {
        items.push(item);
        continue;
      }
      const gas = data.gas ?? (await estimateGas(request, data));
      items.push({ ...item, data: { ...data, ...fees, ...(gas === undefined ? {} : { gas }) } });
    }
    priced.push({ ...step, items });
  }
  return priced;
}

/** An EVM transaction item's data: what `priceStepItems` prices. */
type TransactionData = { from?: string; to: string; data?: string; value?: string; gas?: string | number };

/** Whether an item's data is an EVM transaction (not a signature, a PSBT or an exchange action). */
function isTransaction(data: unknown): data is TransactionData {
  return typeof data === "object" && data !== null && "to" in data && "data" in data;
}

/**
 * The item's gas at the chain's state now, plus a fifth; undefined when it cannot run now: no sender,
 * a value beyond the sender's balance (not estimated at all: the in-process chain's estimator
 * aborts on values near 2^256 instead of answering), or a call that reverts.
 */
async function estimateGas(request: ChainRequest, data: TransactionData): Promise<string | undefined> {
  if (data.from === undefined) return undefined;
  const value = BigInt(data.value ?? "0");
  try {
    const balance = hexToBigInt(
      (await request({ method: "eth_getBalance", params: [data.from, "latest"] })) as Hex,
    );
    if (value > balance) return undefined;
    const estimate = (await request({
      method: "eth_estimateGas",
      params: [{ from: data.from, to: data.to, data: data.data, value: numberToHex(value) }],
    })) as Hex;
    return ((hexToBigInt(estimate) * 6n) / 5n).toString();
  } catch {
    return undefined;
  }
}
