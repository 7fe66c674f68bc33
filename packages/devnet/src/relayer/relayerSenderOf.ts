import { type Hex, hexToBigInt, numberToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { ApiChain } from "../api/types.js";
import { createTransactionSender, type TransactionSender } from "../chains/createTransactionSender.js";
import { devnetRelayerPrivateKey, relayerNativeBalance } from "./constants.js";

/** One sender per chain (its nonces are kept in memory, its sends serialised), by the chain's request function. */
const senders = new WeakMap<ApiChain["request"], TransactionSender>();

/**
 * The devnet relayer's sender on a chain (`devnetRelayerPrivateKey`), created on first use and kept
 * for the chain, funded as it is handed out: when the relayer's native balance is below half of
 * `relayerNativeBalance` (10,000 ETH), it is set to that (`hardhat_setBalance`, which the chain's
 * journal keeps with `--state`). The relayer pays the gas and the value of the calls it sends.
 *
 * @param chain - The chain to send on. {@link ApiChain}
 * @returns The relayer's sender there. {@link TransactionSender}
 * @throws What the chain's reads throw.
 * @example
 * const sender = await relayerSenderOf(chain)
 * const hash = await sender.send({ to, data })
 */
export async function relayerSenderOf(
  chain: Pick<ApiChain, "chainId" | "request">,
): Promise<TransactionSender> {
  let sender = senders.get(chain.request);
  if (!sender) {
    const account = privateKeyToAccount(devnetRelayerPrivateKey);
    sender = createTransactionSender({ chainId: chain.chainId, request: chain.request, account });
    senders.set(chain.request, sender);
  }
  const balance = hexToBigInt(
    (await chain.request({ method: "eth_getBalance", params: [sender.address, "latest"] })) as Hex,
  );
  if (balance < relayerNativeBalance / 2n)
    await chain.request({
      method: "hardhat_setBalance",
      params: [sender.address, numberToHex(relayerNativeBalance)],
    });
  return sender;
}
