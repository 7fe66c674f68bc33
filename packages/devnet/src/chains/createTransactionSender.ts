import {
  type Address,
  formatTransactionRequest,
  type Hex,
  hexToBigInt,
  keccak256,
  numberToHex,
  type SignedAuthorizationList,
} from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import type { ChainRequest } from "./createDevnetChains.js";

/** A transaction to send: no nonce, fees or chain id, the sender fills those in. */
export type TransactionToSend = {
  to?: Address | undefined;
  data?: Hex | undefined;
  value?: bigint | undefined;
  /**
   * Estimated (which also simulates the call) when omitted. A fixed gas is the call's own: the sender
   * adds what each authorization costs (`authorizationGas`).
   */
  gas?: bigint | undefined;
  /**
   * EIP-7702 authorizations: when not empty the transaction is sent as type 4 carrying them (the
   * chain sets each valid one's delegation and skips an invalid one, as EIP-7702 says).
   */
  authorizationList?: SignedAuthorizationList | undefined;
};

/** The intrinsic gas of one EIP-7702 authorization (`PER_EMPTY_ACCOUNT_COST`). */
export const authorizationGas = 25_000n;

/** The fields of a receipt the devnet reads. */
export type SentReceipt = {
  transactionHash: Hex;
  status: "success" | "reverted";
  contractAddress: Address | null;
};

/** What a send does between signing and broadcasting. */
export type SendOptions = {
  /**
   * Called with the signed transaction's hash before it is broadcast (synchronously): where the
   * caller writes down what it is about to send, so that a crash after the broadcast finds a record
   * of it. When it throws, nothing is broadcast and the send rejects.
   */
  onSigned?: ((hash: Hex) => void) | undefined;
};

export type TransactionSender = {
  address: Address;
  /** Signs and sends; resolves with the hash once the chain accepted it (not yet mined with interval mining). */
  send: (transaction: TransactionToSend, options?: SendOptions) => Promise<Hex>;
  /** Resolves with the receipt once the transaction is mined. */
  waitForReceipt: (hash: Hex) => Promise<SentReceipt>;
  /** Simulates a call from this account; throws the chain's error (with revert data) when it reverts. */
  estimateGas: (transaction: TransactionToSend) => Promise<bigint>;
};

export type CreateTransactionSenderParameters = {
  chainId: number;
  request: ChainRequest;
  account: PrivateKeyAccount;
  /** How often a pending receipt is looked up, in ms. */
  receiptPollMs?: number | undefined;
  /** Ends receipt waits when the devnet stops. */
  signal?: AbortSignal | undefined;
};

const priorityFee = 1_000_000_000n;

/**
 * Creates the sender of one account on one chain: it signs locally with the account's key and sends
 * raw transactions (EIP-1559, or EIP-7702 type 4 when the transaction carries authorizations).
 * Nonces are kept in memory and sends are serialised, so any number of fills can be in flight at once
 * without nonce races; after a failed send the nonce is read from the chain again.
 * `onSigned` hears the hash of a transaction before it is broadcast.
 *
 * @param parameters - {@link CreateTransactionSenderParameters}
 * @returns The sender. {@link TransactionSender}
 * @example
 * const sender = createTransactionSender({ chainId, request, account })
 * const receipt = await sender.waitForReceipt(await sender.send({ to, value: 1n }))
 */
export function createTransactionSender({
  chainId,
  request,
  account,
  receiptPollMs = 20,
  signal,
}: CreateTransactionSenderParameters): TransactionSender {
  let nonce: number | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const estimateGas = async (transaction: TransactionToSend) =>
    hexToBigInt(
      (await request({
        method: "eth_estimateGas",
        params: [
          {
            from: account.address,
            ...(transaction.to ? { to: transaction.to } : {}),
            ...(transaction.data ? { data: transaction.data } : {}),
            ...(transaction.value ? { value: numberToHex(transaction.value) } : {}),
            ...(transaction.authorizationList?.length
              ? { authorizationList: formatTransactionRequest(transaction).authorizationList }
              : {}),
          },
        ],
      })) as Hex,
    );

  const sendNow = async (transaction: TransactionToSend, { onSigned }: SendOptions = {}): Promise<Hex> => {
    // Estimate before taking a nonce: a call that would revert fails here and uses none.
    const authorizations = transaction.authorizationList ?? [];
    const gas =
      transaction.gas === undefined
        ? ((await estimateGas(transaction)) * 12n) / 10n
        : transaction.gas + authorizationGas * BigInt(authorizations.length);
    const block = (await request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as {
      baseFeePerGas?: Hex;
    };
    const baseFee = block.baseFeePerGas ? hexToBigInt(block.baseFeePerGas) : 0n;
    nonce ??= Number(
      hexToBigInt(
        (await request({ method: "eth_getTransactionCount", params: [account.address, "pending"] })) as Hex,
      ),
    );
    const serialized = await account.signTransaction({
      ...(authorizations.length > 0
        ? { type: "eip7702", authorizationList: authorizations }
        : { type: "eip1559" }),
      chainId,
      nonce,
      gas,
      maxFeePerGas: baseFee * 2n + priorityFee,
      maxPriorityFeePerGas: priorityFee,
      ...(transaction.to ? { to: transaction.to } : {}),
      ...(transaction.data ? { data: transaction.data } : {}),
      ...(transaction.value ? { value: transaction.value } : {}),
    });
    // Written down before it can go out: a crash after the broadcast finds a record of it.
    onSigned?.(keccak256(serialized));
    try {
      const hash = (await request({ method: "eth_sendRawTransaction", params: [serialized] })) as Hex;
      nonce++;
      return hash;
    } catch (error) {
      nonce = undefined;
      throw error;
    }
  };

  return {
    address: account.address,
    estimateGas,
    send(transaction, options) {
      const result = queue.then(() => sendNow(transaction, options));
      queue = result.catch(() => {});
      return result;
    },
    async waitForReceipt(hash) {
      for (;;) {
        signal?.throwIfAborted();
        const receipt = (await request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
          status: Hex;
          contractAddress: Address | null;
        } | null;
        if (receipt)
          return {
            transactionHash: hash,
            status: receipt.status === "0x1" ? "success" : "reverted",
            contractAddress: receipt.contractAddress ?? null,
          };
        await new Promise((resolve) => setTimeout(resolve, receiptPollMs));
      }
    },
  };
}
