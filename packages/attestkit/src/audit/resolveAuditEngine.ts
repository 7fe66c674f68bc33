import { InvalidAuditOptionError, NativeSecp256k1UnavailableError } from "./errors.js";
import { loadNativeSecp256k1 } from "./loadNativeSecp256k1.js";
import type { AuditEngine, ResolvedAuditEngine } from "./types.js";

/**
 * Picks the engine that will run: `auto` is `native` when libsecp256k1 loads, else `noble`.
 *
 * @param engine - The engine asked for.
 * @returns The engine to run. {@link ResolvedAuditEngine}
 * @throws InvalidAuditOptionError for an unknown engine; NativeSecp256k1UnavailableError for
 * `native` without the binding.
 * @example
 * resolveAuditEngine("auto") // "native"
 */
export function resolveAuditEngine(engine: AuditEngine): ResolvedAuditEngine {
  if (engine !== "auto" && engine !== "native" && engine !== "noble")
    throw new InvalidAuditOptionError({
      option: "engine",
      value: engine,
      expected: '"auto", "native" or "noble"',
    });
  if (engine === "noble") return "noble";
  const native = loadNativeSecp256k1();
  if (native.binding) return "native";
  if (engine === "native") throw new NativeSecp256k1UnavailableError({ cause: native.error });
  return "noble";
}
