// What `devnet trigger` can do, apart from how it does it (runDevnetScenario), so the command's
// help lists the scenarios without loading viem and the devnet's Bitcoin wallet.

/** A scenario `devnet trigger` can drive, and the end it drives a fresh request into. */
export type DevnetScenario = {
  name: string;
  /** The final status and reason the request ends in. */
  end: string;
  /** Why it cannot run on this devnet, when it cannot. */
  unavailable?: string;
};

/** Every scenario, in the order `devnet trigger --list` shows them. */
export const devnetScenarios: readonly DevnetScenario[] = [
  { name: "success", end: "success: quoted, paid through the quote's steps, filled" },
  { name: "ttl-expired", end: "refund, failReason TTL_EXPIRED: paid after the quote's 1 s ttl" },
  { name: "amount-too-low", end: "refund, failReason DEPOSITED_AMOUNT_TOO_LOW_TO_FILL: paid 1 wei short" },
  {
    name: "double-spend",
    end: "refund, failReason DOUBLE_SPEND: paid by the steps (order id), then again under the request id; the second deposit's request is followed",
  },
  {
    name: "failure-refund",
    end: "failure, failReason MISSING_REVERT_DATA (a destination call reverts without a reason), then refund",
  },
  {
    name: "deposit-address-overpayment",
    end: "success: twice the quoted amount sent to a strict deposit address, the quote filled and the excess refunded (details.excessRefund)",
  },
  {
    name: "chain-disabled",
    end: "an incident: the chain (--chain, default the destination) reads disabled in /chains and quotes naming it get 400 CHAIN_DISABLED, until --clear",
  },
  {
    name: "block-lagging",
    end: "an incident: the chain (--chain, default the destination) reads blockProductionLagging in /chains and is still quoted, until --clear",
  },
  {
    name: "slippage-refund",
    end: "refund, failReason SLIPPAGE: an ETH -> USDC swap quoted, ETH moved 1 % down before the deposit (beyond the automatic 0.5 %), then moved back",
  },
  {
    name: "price-move",
    end: "no request: moves --currency (default eth) by --bps basis points of its starting price; requests quoted before fill at the new price within their slippage tolerance, or refund SLIPPAGE",
  },
  {
    name: "bitcoin-mempool-success",
    end: "pending while the Bitcoin deposit (a PSBT signed by a Bitcoin test wallet) is in the mempool, then success after its confirmation",
  },
];
