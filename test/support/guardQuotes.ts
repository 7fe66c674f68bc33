// The hand-made quotes the payment guard's tests build on: one input of 1,000,000 wei on chain 1
// ("alpha"), one output to the recipient on chain 2 ("beta"), a v1 order any test edits freely.
import { zeroAddress } from "viem";
import type { OrderDataV1 } from "../../packages/attestkit/src/orders/types.js";
import type { QuoteRequest } from "../../packages/attestkit/src/schemas/index.js";

/** Who the quotes name: the paying user, the recipient, the signing solver, the order's deadline (Unix seconds). */
export type GuardParties = { user: string; recipient: string; solver: string; deadline: number };

/** An order edited in place by a test, at any depth. */
// biome-ignore lint/suspicious/noExplicitAny: the order is edited freely, at any depth
export type EditableOrder = Record<string, any>;

/**
 * The caller's intent: 1,000,000 wei of chain 1's native currency to chain 2's, exact input, with
 * `overrides` over it.
 */
export const guardIntent = (parties: GuardParties, overrides: Partial<QuoteRequest> = {}): QuoteRequest => ({
  user: parties.user,
  recipient: parties.recipient,
  originChainId: 1,
  destinationChainId: 2,
  originCurrency: zeroAddress,
  destinationCurrency: zeroAddress,
  amount: "1000000",
  tradeType: "EXACT_INPUT",
  ...overrides,
});

/**
 * The order that pays the intent exactly: a v1 order of the solver, refunds to the recipient on
 * "alpha", at least 950,000 out on "beta"; `change` edits it before it is returned.
 */
export function guardOrderV1(
  parties: GuardParties,
  change: (order: EditableOrder) => void = () => {},
): OrderDataV1 {
  const { solver, recipient, deadline } = parties;
  const order: EditableOrder = {
    version: "v1",
    solverChainId: "alpha",
    solver: solver.toLowerCase(),
    salt: "0x01",
    inputs: [
      {
        payment: { chainId: "alpha", currency: zeroAddress, amount: "1000000", weight: "1" },
        refunds: [
          {
            chainId: "alpha",
            recipient,
            currency: zeroAddress,
            minimumAmount: "0",
            deadline,
            extraData: "0x",
          },
        ],
      },
    ],
    output: {
      chainId: "beta",
      payments: [{ recipient, currency: zeroAddress, minimumAmount: "950000", expectedAmount: "1000000" }],
      calls: [],
      deadline,
      extraData: "0x",
    },
    fees: [],
  };
  change(order);
  return order as OrderDataV1;
}

/** The EIP-712 types of an EIP-3009 authorization (`TransferWithAuthorization` or `ReceiveWithAuthorization`). */
export const eip3009Types = (primaryType: string) => ({
  [primaryType]: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
});
