import { bitcoin } from "attestkit/chains";
import { esploraPathPrefix } from "../bitcoin/constants.js";
import { readBitcoinAddressBalance } from "./readBitcoinAddressBalance.js";
import type { DevnetBitcoin } from "./types.js";

/**
 * The `bitcoin` part of `GET /devnet/info`: the chain's id, its Esplora API, block time and height,
 * the value above which a deposit waits for 2 confirmations, the solver's address, and the public
 * test wallets (keys funded at genesis on this chain only) with the balance of each address
 * (`readBitcoinAddressBalance`, satoshis as decimal strings).
 *
 * @param url - The devnet's URL.
 * @param devnetBitcoin - The running Bitcoin chain. {@link DevnetBitcoin}
 * @returns The Bitcoin info.
 * @example
 * buildBitcoinInfo(context.url, context.bitcoin).esploraUrl // "http://127.0.0.1:8787/bitcoin/api"
 */
export function buildBitcoinInfo(url: string, devnetBitcoin: DevnetBitcoin) {
  const { chain } = devnetBitcoin;
  return {
    chainId: bitcoin.chainId,
    esploraUrl: `${url}${esploraPathPrefix}`,
    blockTimeMs: devnetBitcoin.blockTimeMs,
    height: chain.height(),
    highValueThreshold: devnetBitcoin.highValueThreshold.toString(),
    solver: { address: devnetBitcoin.solverWallet.p2wpkhAddress },
    testWallets: chain.wallets.map((wallet) => ({
      p2wpkhAddress: wallet.p2wpkhAddress,
      p2trAddress: wallet.p2trAddress,
      privateKey: wallet.privateKey,
      wif: wallet.wif,
      publicKey: wallet.publicKey,
      balances: {
        p2wpkh: readBitcoinAddressBalance(chain, wallet.p2wpkhAddress).toString(),
        p2tr: readBitcoinAddressBalance(chain, wallet.p2trAddress).toString(),
      },
    })),
  };
}
