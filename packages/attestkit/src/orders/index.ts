/**
 * Quote-time verification of the service's orders (`attestkit/orders`): the order id recomputed
 * from `protocol.v2.orderData` (EIP-712 `hashStruct`, no domain), the solver's `orderSignature`
 * over it, and the payment details and depository the order does not cover; the trust root of
 * the payment guard (the depositories, deposit-address rules and slugs a payment may use, never
 * read from the service). The noble path is `attestkit/orders/noble`.
 *
 * @module orders
 */
export {
  type CheckPaymentDetailsErrorType,
  type CheckPaymentDetailsParameters,
  type CheckPaymentDetailsReturnType,
  checkPaymentDetails,
} from "./checkPaymentDetails.js";
export { evmDepository, orderTypesV1, orderTypesV2, orderVmTypeCodes } from "./constants.js";
export {
  type EncodeOrderAddressErrorType,
  type EncodeOrderAddressParameters,
  type EncodeOrderAddressReturnType,
  encodeOrderAddress,
} from "./encodeOrderAddress.js";
export {
  type HashOrderErrorType,
  type HashOrderParameters,
  type HashOrderReturnType,
  hashOrder,
} from "./hashOrder.js";
export {
  type HashOrderStructsErrorType,
  type HashOrderStructsParameters,
  type HashOrderStructsReturnType,
  hashOrderStructs,
} from "./hashOrderStructs.js";
export {
  type OrderIdDigestErrorType,
  type OrderIdDigestParameters,
  type OrderIdDigestReturnType,
  orderIdDigest,
} from "./orderIdDigest.js";
export {
  type OrderVmTypeOfErrorType,
  type OrderVmTypeOfParameters,
  type OrderVmTypeOfReturnType,
  orderVmTypeOf,
} from "./orderVmTypeOf.js";
export {
  type RecoverOrderIdSignerErrorType,
  type RecoverOrderIdSignerParameters,
  type RecoverOrderIdSignerReturnType,
  recoverOrderIdSigner,
} from "./recoverOrderIdSigner.js";
export {
  type RecoverOrderSignerErrorType,
  type RecoverOrderSignerParameters,
  type RecoverOrderSignerReturnType,
  recoverOrderSigner,
} from "./recoverOrderSigner.js";
export {
  type ToOrderChainsErrorType,
  type ToOrderChainsParameters,
  type ToOrderChainsReturnType,
  toOrderChains,
} from "./toOrderChains.js";
export {
  type OrderPaymentCall,
  type ToOrderPaymentErrorType,
  type ToOrderPaymentParameters,
  type ToOrderPaymentReturnType,
  toOrderPayment,
} from "./toOrderPayment.js";
export {
  type ToOrderRecipientErrorType,
  type ToOrderRecipientParameters,
  type ToOrderRecipientReturnType,
  toOrderRecipient,
} from "./toOrderRecipient.js";
export {
  type OrderFeeStruct,
  type OrderStruct,
  type OrderStructV1,
  type OrderStructV2,
  type ToOrderStructErrorType,
  type ToOrderStructParameters,
  type ToOrderStructReturnType,
  toOrderStruct,
} from "./toOrderStruct.js";
export {
  type DeriveDepositAddressParameters,
  deriveDepositAddress,
} from "./trustRoot/deriveDepositAddress.js";
export { normalizeAddress } from "./trustRoot/normalizeAddress.js";
export { publishedTrustRoot } from "./trustRoot/publishedTrustRoot.js";
export {
  type ResolveTrustRootErrorType,
  type ResolveTrustRootParameters,
  type ResolveTrustRootReturnType,
  resolveTrustRoot,
} from "./trustRoot/resolveTrustRoot.js";
export {
  type ToTrustRootErrorType,
  type ToTrustRootParameters,
  type ToTrustRootReturnType,
  toTrustRoot,
} from "./trustRoot/toTrustRoot.js";
export type { DepositAddressRule, ResolvedTrustRoot, TrustedChain, TrustRoot } from "./trustRoot/types.js";
export type {
  LegacyBitcoinEncoding,
  OrderChains,
  OrderCheck,
  OrderCheckName,
  OrderCheckReason,
  OrderData,
  OrderDataV1,
  OrderDataV2,
  OrderEncodingOptions,
  OrderFeeData,
  OrderInteger,
  OrderStructHash,
  OrderVmType,
  PaymentDetails,
  VerifyOrderResult,
} from "./types.js";
export {
  type VerifyOrderErrorType,
  type VerifyOrderParameters,
  type VerifyOrderReturnType,
  verifyOrder,
} from "./verifyOrder.js";
export {
  type VerifyQuoteErrorType,
  type VerifyQuoteParameters,
  type VerifyQuoteReturnType,
  verifyQuote,
} from "./verifyQuote.js";
