/**
 * What each `failReason` of a request status means, in a sentence (`N/A`, "no reason applies", is
 * not one). The codes are the ones the official SDK's public API types list for the status
 * endpoint (relayprotocol/relay-kit, `packages/sdk/src/types/api.ts`); the interface names only
 * `N/A` and `UNKNOWN` ("no specific reason recorded") and says the list is not complete there, so
 * a code that is not here is shown as unknown, never guessed at. The sentences are attestkit's.
 */
export const failReasons = {
  UNKNOWN: "The service recorded no specific reason.",
  SLIPPAGE:
    "The price moved beyond the slippage tolerance before the fill, so the output would have been too low.",
  AMOUNT_TOO_LOW_TO_REFUND: "The deposit was too small to pay for sending it back.",
  DEPOSIT_ADDRESS_MISMATCH: "The deposit reached another address than the one the request named.",
  DEPOSIT_CHAIN_MISMATCH: "The deposit was made on another chain than the request's origin.",
  INCORRECT_DEPOSIT_CURRENCY: "The deposit was made in another currency than the one quoted.",
  DOUBLE_SPEND: "Another deposit had already paid this request; this one was not used for a fill.",
  SOLVER_CAPACITY_EXCEEDED: "The solver had not enough liquidity on the destination chain to fill it.",
  SOLVER_BALANCE_TOO_LOW: "The solver's balance was too low to fill it.",
  DEPOSITED_AMOUNT_TOO_LOW_TO_FILL:
    "The deposit was smaller than the quote asked for, so it could not be filled.",
  NEGATIVE_NEW_AMOUNT_AFTER_FEES: "Once the fees were taken, nothing was left to deliver.",
  NO_QUOTES: "No route could be quoted for the request when it was filled.",
  MISSING_REVERT_DATA: "A destination call reverted without a reason that could be decoded.",
  REVERSE_SWAP_FAILED: "The swap back to the deposited currency failed.",
  GENERATE_SWAP_FAILED: "The swap the fill needed could not be built.",
  TOO_LITTLE_RECEIVED: "The swap would have delivered less than the minimum the request allowed.",
  EXECUTION_REVERTED: "A destination call reverted (with a reason).",
  NEW_CALLDATA_INCLUDES_HIGHER_RENT_FEE: "Rebuilding the fill would have cost a higher rent fee than quoted.",
  TRANSACTION_REVERTED: "A fill transaction reverted on the destination chain.",
  TRANSACTION_TOO_LARGE: "The fill transaction was larger than its chain accepts.",
  ORIGIN_CURRENCY_MISMATCH: "The deposited currency is not the request's origin currency.",
  NO_INTERNAL_SWAP_ROUTES_FOUND: "The solver found no swap route of its own for the fill.",
  SWAP_USES_TOO_MUCH_GAS: "The swap needed more gas than the fill may spend.",
  INSUFFICIENT_FUNDS_FOR_RENT: "There was not enough to pay the destination account's rent.",
  SPONSOR_BALANCE_TOO_LOW: "The sponsor paying the fees had too little balance.",
  ORDER_EXPIRED: "The order's deadline passed before it could be filled.",
  ORDER_IS_CANCELLED: "The order was cancelled.",
  TRANSFER_FROM_FAILED: "Taking tokens from an account (transferFrom) failed.",
  TRANSFER_FAILED: "A token transfer failed.",
  SIGNATURE_EXPIRED: "A signature the request used had expired.",
  INVALID_SIGNATURE: "A signature the request needed (a permit or an order) did not verify.",
  INSUFFICIENT_NATIVE_TOKENS_SUPPLIED: "A call was sent less native currency than it needs.",
  TRANSFER_AMOUNT_EXCEEDS_ALLOWANCE: "A transfer asked for more than the allowance.",
  TRANSFER_AMOUNT_EXCEEDS_BALANCE: "A transfer asked for more than the balance.",
  INVALID_SENDER: "A call came from a sender the target does not accept.",
  ACCOUNT_ABSTRACTION_INVALID_NONCE: "A smart account's operation used a wrong nonce.",
  ACCOUNT_ABSTRACTION_SIGNATURE_ERROR: "A smart account's operation had a bad signature.",
  SEAPORT_INEXACT_FRACTION: "A Seaport order could not be filled in the fraction asked.",
  TOKEN_NOT_TRANSFERABLE: "The token cannot be transferred.",
  ZERO_SELL_AMOUNT: "The amount to sell came to zero.",
  MINT_NOT_ACTIVE: "The mint the request called was not open.",
  ERC_1155_TOO_MANY_REQUESTED: "More ERC-1155 tokens were asked for than are available.",
  INCORRECT_PAYMENT: "A call was paid a different amount than it requires.",
  INVALID_GAS_PRICE: "The gas price was refused by the chain or the contract.",
  FLUID_DEX_ERROR: "The Fluid DEX refused the swap.",
  ORDER_ALREADY_FILLED: "The order had already been filled.",
  SEAPORT_INVALID_FULFILLER: "The Seaport order may not be filled by this account.",
  INVALID_SIGNER: "A signature came from a signer the contract does not accept.",
  MINT_QUANTITY_EXCEEDS_MAX_PER_WALLET: "The mint asked for more than one wallet may mint.",
  MINT_QUANTITY_EXCEEDS_MAX_SUPPLY: "The mint asked for more than the supply left.",
  JUPITER_INVALID_TOKEN_ACCOUNT: "A Jupiter swap named a token account that is not valid.",
  INVALID_NONCE: "A transaction or signature used a wrong nonce.",
  ACCOUNT_ABSTRACTION_GAS_LIMIT: "A smart account's operation ran over its gas limit.",
  CONTRACT_PAUSED: "The contract called is paused.",
  SWAP_IMPACT_TOO_HIGH: "The swap would have moved the price too far.",
  INSUFFICIENT_POOL_LIQUIDITY: "The pool had too little liquidity for the swap.",
  TTL_EXPIRED: "The deposit arrived after the quote's deadline (its ttl).",
  DEPOSIT_CONFIRMATION_TIMEOUT: "The deposit was not confirmed in time.",
  ORPHANED_DEPOSIT_REFUND: "The deposit matched no request it could pay, so it was refunded.",
  GASLESS_PERMIT_BALANCE_TOO_LOW: "The account that signed a gasless permit had too little balance.",
  MANUAL_ADMIN_REFUND: "The service's operators refunded the request by hand.",
  QUOTED_GAS_LIMIT_EXCEEDED: "The destination calls needed more gas than the quote's limit (txsGasLimit).",
  DESTINATION_TOKEN_TRANSFER_REJECTED: "The destination token refused the transfer to the recipient.",
  DEPOSIT_REORGED: "The deposit transaction was dropped by a reorganisation of the origin chain.",
  BLOCKED_WALLET: "A wallet of the request is blocked by the service.",
  PROTOCOL_DEADLINE_EXPIRED: "The protocol's deadline for the order passed.",
  TRANSACTION_NOT_INCLUDED: "A fill transaction was never included in a block.",
  TRANSACTION_SUBMISSION_FAILED: "A fill transaction could not be submitted.",
} as const satisfies Readonly<Record<string, string>>;

/** A `failReason` code the service is known to send. */
export type FailReason = keyof typeof failReasons;

/**
 * What each `refundFailReason` (why a refund itself failed) means, in a sentence; the same source
 * and rule as {@link failReasons}.
 */
export const refundFailReasons = {
  AMOUNT_TOO_LOW_TO_REFUND: "The deposit is too small to pay for its own refund, so nothing was sent back.",
  NEGATIVE_NEW_AMOUNT_AFTER_FEES: "After the refund's fees nothing would be left to send back.",
  SWAP_CURRENCY_NOT_ON_ORIGIN: "The currency to refund does not exist on the origin chain.",
  REFUND_RECIPIENT_IS_VASP:
    "The refund address belongs to a custodial service (VASP), which refunds are not sent to.",
} as const satisfies Readonly<Record<string, string>>;

/** A `refundFailReason` code the service is known to send. */
export type RefundFailReason = keyof typeof refundFailReasons;
