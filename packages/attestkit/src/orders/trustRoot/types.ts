import type { Address, Hex } from "viem";
import type { OrderChains, OrderVmType } from "../types.js";

/**
 * How a chain's deposit addresses are made from an order id and its depositor
 * (`protocol-v2-orders.md` §4: `computeDepositAddress(orderId, depositor)`).
 *
 * - `create2`: the EVM rule the protocol documents: CREATE2 from `factory` with salt
 *   `keccak256(abi.encodePacked(orderId, depositor))` and the init code whose hash is
 *   `initCodeHash`. Plain data: it can be written to a file (`--chains-file`).
 * - `derive`: any other rule, as a function (a library caller's own; the devnet's Bitcoin rule).
 */
export type DepositAddressRule =
  | { kind: "create2"; factory: Address; initCodeHash: Hex }
  | {
      kind: "derive";
      /** Returns the deposit address of `orderId` (0x and 64 hex digits, lowercase) and `depositor`. */
      derive: (parameters: { orderId: Hex; depositor: string }) => string;
    };

/**
 * What the caller trusts about one chain. Nothing here is ever read from the service: it comes from
 * the package (the published addresses), or from the caller.
 */
export type TrustedChain = {
  /** The service's numeric chain id (`originChainId`, `destinationChainId`). */
  id: number;
  /** The chain's name in orders (`/chains` `protocol.v2.chainId`), e.g. `base`. */
  slug: string;
  /** The chain's VM, which says how an order encodes its addresses. */
  vmType: OrderVmType;
  /**
   * Where payments on this chain go: the depository contract (EVM), the depository address
   * (Bitcoin), the relayer account index (the external exchange). Absent: the chain can be a
   * destination, never paid on.
   */
  depository?: string | undefined;
  /** EVM: addresses an approval may name besides the depository (an approval proxy, a router). */
  spenders?: readonly string[] | undefined;
  /** How this chain's deposit addresses are made; absent: the guard refuses deposit addresses here. */
  depositAddress?: DepositAddressRule | undefined;
  /** EVM: the wrapped native currency, for same-chain wraps and unwraps the caller runs itself. */
  wrappedNative?: string | undefined;
  /** The external exchange: the route type both sides of a transfer use (0, the perpetuals balance). */
  exchangeRouteType?: number | undefined;
};

/** The payment guard's trust root: every payee and binding it accepts is derived from it, the signed order and the intent. */
export type TrustRoot = {
  chains: readonly TrustedChain[];
};

/** A trust root read for look-ups: by numeric id, by slug, and the slug maps orders are hashed with. */
export type ResolvedTrustRoot = {
  byId: ReadonlyMap<number, TrustedChain>;
  bySlug: ReadonlyMap<string, TrustedChain>;
  /** Slug -> VM type and slug -> depository, for `hashOrder` and `verifyOrder`. */
  order: OrderChains;
};
