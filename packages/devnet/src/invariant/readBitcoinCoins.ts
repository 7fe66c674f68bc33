import { hex } from "@scure/base";
import { bitcoin, toOutputScript } from "attestkit/chains";
import { classifyOutputScript } from "../bitcoin/classifyOutputScript.js";
import type { BitcoinChain } from "../bitcoin/createBitcoinChain.js";
import type { BitcoinTransactionRecord } from "../bitcoin/types.js";
import type { ExternalCoins, ExternalPayment } from "./compareExternalCoins.js";

export type ReadBitcoinCoinsParameters = {
  chain: Pick<BitcoinChain, "height" | "getBlock" | "getTransaction" | "mempool" | "getAddressStats">;
  /** The Bitcoin chain's id (8253038). */
  chainId: number;
  /** The solver's P2WPKH address: deposits pay it, its payments spend from it. */
  solverAddress: string;
  /** The deposit addresses of quotes (`useDepositAddress`), swept into the solver's address. */
  depositAddresses: Iterable<string>;
};

/**
 * Reads what the Bitcoin chain says of the solver's coins, mempool included: the balance of its
 * address and the deposit addresses together, and every payment into them, read from every
 * transaction of every block and the mempool: what a transaction pays those addresses less what it
 * spends from them, when that is more than nothing. The devnet's own money is none: the coinbases
 * (the genesis funding), the solver's payments (their change comes back), its sweeps of deposit
 * addresses. A transaction that pays in more than the solver's inputs to it is a payment too.
 *
 * @param parameters - {@link ReadBitcoinCoinsParameters}
 * @returns The coins, for `compareExternalCoins`. {@link ExternalCoins}
 * @example
 * const coins = readBitcoinCoins({ chain, chainId: 8253038, solverAddress, depositAddresses: depositAddresses.keys() })
 */
export function readBitcoinCoins({
  chain,
  chainId,
  solverAddress,
  depositAddresses,
}: ReadBitcoinCoinsParameters): ExternalCoins {
  const addresses = [solverAddress, ...depositAddresses];
  const held = new Set(addresses.map((address) => hex.encode(toOutputScript({ address }))));
  const records: BitcoinTransactionRecord[] = [];
  for (let height = 0; height <= chain.height(); height++)
    for (const txid of chain.getBlock(height)?.txids ?? [])
      records.push(chain.getTransaction(txid) as BitcoinTransactionRecord);
  records.push(...chain.mempool());
  const payments = records.flatMap((record) => paymentOf(record, held));
  let balance = 0n;
  for (const address of addresses) {
    const stats = chain.getAddressStats(address);
    balance +=
      stats.chain.fundedTxoSum -
      stats.chain.spentTxoSum +
      stats.mempool.fundedTxoSum -
      stats.mempool.spentTxoSum;
  }
  return { chainId, holder: solverAddress, balances: new Map([[bitcoin.nativeCurrency, balance]]), payments };
}

/** The payment a transaction makes into the held scripts (hex), if it pays in more than it spends from them. */
function paymentOf(record: BitcoinTransactionRecord, held: ReadonlySet<string>): ExternalPayment[] {
  if (record.coinbase) return [];
  const outputs = record.transaction.outputs;
  const into = outputs.filter((output) => held.has(hex.encode(output.script)));
  const spent = record.prevouts
    .filter((prevout) => held.has(hex.encode(prevout.script)))
    .reduce((sum, prevout) => sum + prevout.value, 0n);
  const amount = into.reduce((sum, output) => sum + output.amount, 0n) - spent;
  if (amount <= 0n) return [];
  const first = into[0] as (typeof outputs)[number];
  const payer = record.prevouts[0] && classifyOutputScript(record.prevouts[0].script).address;
  return [
    {
      txHash: record.txid,
      logIndex: outputs.indexOf(first),
      from: payer ?? "",
      currency: bitcoin.nativeCurrency,
      amount,
    },
  ];
}
