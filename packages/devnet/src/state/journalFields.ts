import { patterns } from "attestkit/schemas";
import * as z from "zod";

/** An EVM address as the state journals keep it (any case). */
export const journalAddress = z
  .string()
  .regex(patterns.evmAddress, "an address is 0x and 40 hex digits")
  .transform((value) => value as `0x${string}`);

/** 32 bytes of 0x hex as the state journals keep them (request ids, claim ids, nonces). */
export function journalBytes32(what: string) {
  return z
    .string()
    .regex(patterns.requestId, `${what} is 0x and 64 hex digits`)
    .transform((value) => value as `0x${string}`);
}
