/**
 * The main entry: the attestation scheme (encode, hash, digest, recover, verify) and the errors every
 * part throws. The other parts have their own entries (`attestkit/client`, `attestkit/webhooks`, ...).
 *
 * @module attestkit
 */
export * from "./attestation/index.js";
export * from "./errors/index.js";
