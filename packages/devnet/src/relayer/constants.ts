import type { Address, Hex } from "viem";

/**
 * The devnet relayer's private key: a fixed, public TEST key (keccak256 of the text "attestkit devnet
 * relayer (test key, never fund on a real chain)"). It sends the calls of `POST /execute` (gasless
 * execution) and pays their gas and value, on every EVM chain of the devnet. It is none of the
 * devnet's own accounts of the coin invariant: what it sends is the caller's. Never send real funds
 * to its address.
 */
export const devnetRelayerPrivateKey: Hex =
  "0xc44ca4cb88b7ac860c151b1c29acbb3e810b7d02deb4e79f1f9310f5f5fae4db";

/** Address of {@link devnetRelayerPrivateKey}. */
export const devnetRelayerAddress: Address = "0x75F97bf42d2Ac9F38401f738b0fA28999C2C6DF3";

/** The relayer's native balance on each chain, wei (10,000 ETH): set again when it falls below half. */
export const relayerNativeBalance = 10_000n * 10n ** 18n;
