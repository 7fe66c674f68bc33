import type { VmType } from "../attestation/types.js";
import { vmTypeOfChain } from "../attestation/vmTypeOfChain.js";
import { bitcoin } from "../chains/bitcoin/constants.js";

/** The EVM native currency's identifier: the all-zero 20-byte address. */
const evmNativeCurrency = "0x0000000000000000000000000000000000000000";

export type IsNativeCurrencyParameters = {
  chainId: number;
  /** The currency identifier as a request writes it. */
  currency: string;
  /** Non-EVM chains missing from the built-in table (decimal chain id keys). */
  vmTypes?: Readonly<Record<string, VmType>> | undefined;
};

/**
 * Tells whether a currency is its chain's native currency, by the identifiers the interface fixes:
 * the all-zero address on an EVM chain, `bc1qqq…mql8k8` on Bitcoin. Another VM's native identifier
 * is not in the interface: `undefined` (cannot tell).
 *
 * @param parameters - {@link IsNativeCurrencyParameters}
 * @returns True or false, or undefined when the interface does not say.
 * @example
 * isNativeCurrency({ chainId: 1, currency: "0x0000000000000000000000000000000000000000" }) // true
 */
export function isNativeCurrency({
  chainId,
  currency,
  vmTypes,
}: IsNativeCurrencyParameters): boolean | undefined {
  const vmType = vmTypeOfChain({ chainId, vmTypes });
  if (vmType === "evm") return currency.toLowerCase() === evmNativeCurrency;
  if (vmType === "bvm") return currency === bitcoin.nativeCurrency;
  // The exchange's one currency is its USDC-perp asset `0`; it has no native currency to bridge.
  if (vmType === "lvm") return false;
  return undefined;
}

export type CheckDepositAddressRouteParameters = {
  originChainId: number;
  originCurrency: string;
  destinationChainId: number;
  destinationCurrency: string;
  /** Non-EVM chains missing from the built-in table (decimal chain id keys). */
  vmTypes?: Readonly<Record<string, VmType>> | undefined;
};

/** Whether a route may use a deposit address, and why not. */
export type DepositAddressRouteVerdict = { ok: true } | { ok: false; reason: string };

/**
 * THE rule of where a deposit address may be used (`useDepositAddress`), from the interface: "only
 * native currency bridges", and the route rules' "Bitcoin origin with useDepositAddress=true". Shared
 * by the request schemas (so the client refuses before sending and the devnet answers 400) and the
 * devnet's `depositAddressOnly` currency search.
 *
 * | origin | destination | deposit address |
 * |--------|-------------|-----------------|
 * | Bitcoin (its native BTC) | any | yes (the interface's Bitcoin route) |
 * | the external exchange | any | no: its currency `0` is not a native currency |
 * | EVM, the native currency | EVM, the native currency | yes: a native-currency bridge |
 * | EVM, the native currency | Bitcoin, the exchange | no: a swap into another asset, not a bridge |
 * | EVM, a token | any | no: not the native currency |
 * | another VM (Solana, ...), or to one | — | left to the service: the interface names no native identifier there |
 *
 * Whether two EVM chains' native currencies are the same asset is not in a request: the service
 * decides that (the devnet's two chains both run on ETH).
 *
 * @param parameters - {@link CheckDepositAddressRouteParameters}
 * @returns `{ok: true}`, or `{ok: false, reason}`. {@link DepositAddressRouteVerdict}
 * @example
 * checkDepositAddressRoute({ originChainId: 1, originCurrency: usdc, destinationChainId: 8453, destinationCurrency: usdc }).ok // false
 */
export function checkDepositAddressRoute({
  originChainId,
  originCurrency,
  destinationChainId,
  destinationCurrency,
  vmTypes,
}: CheckDepositAddressRouteParameters): DepositAddressRouteVerdict {
  const originVm = vmTypeOfChain({ chainId: originChainId, vmTypes });
  if (originVm === "bvm") return { ok: true };
  const originNative = isNativeCurrency({ chainId: originChainId, currency: originCurrency, vmTypes });
  if (originNative === undefined) return { ok: true };
  if (!originNative)
    return {
      ok: false,
      reason: `needs the origin's native currency (deposit addresses bridge native currencies only; ${originCurrency} on chain ${originChainId} is not)`,
    };
  const destinationNative = isNativeCurrency({
    chainId: destinationChainId,
    currency: destinationCurrency,
    vmTypes,
  });
  if (destinationNative === undefined) return { ok: true };
  const destinationVm = vmTypeOfChain({ chainId: destinationChainId, vmTypes });
  if (!destinationNative || destinationVm !== originVm)
    return {
      ok: false,
      reason: `needs a native-currency bridge (deposit addresses bridge native currencies only; ${destinationCurrency} on chain ${destinationChainId} is another asset)`,
    };
  return { ok: true };
}
