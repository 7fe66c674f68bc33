/**
 * What a forwarded delivery says about the checks `listen` made before forwarding it: the sender's
 * HMAC-SHA256 signature of the body with the key, its timestamp within the tolerance (300 s), and
 * that no earlier delivery of the event id was forwarded. The forward is signed again, with a fresh
 * timestamp, so the sender's own timestamp and signature travel in headers of their own.
 */
export const forwardedHeaders = {
  /** `signature, timestamp, first-delivery`: the checks the delivery passed. */
  verified: "x-attestkit-verified",
  /** The timestamp the sender signed (the forward's `X-Signature-Timestamp` is listen's own). */
  originalTimestamp: "x-attestkit-original-timestamp",
  /** The sender's signature, which the endpoint can check itself over `<original timestamp>.<body>`. */
  originalSignature: "x-attestkit-original-signature",
} as const;
