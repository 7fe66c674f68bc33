import { writeSync } from "node:fs";

/** The environment variable naming the point where the devnet process kills itself (crash tests). */
export const crashAtVariable = "ATTESTKIT_DEVNET_CRASH_AT";

/**
 * The points a crash test can name, each where a `kill -9` used to lose or strand something:
 *
 * | point | where |
 * |-------|-------|
 * | `deposit-taken` | a deposit's request stored `pending` (with its decision), nothing sent yet |
 * | `payment-signed` | a payment's transaction signed and written with its request, not broadcast |
 * | `payment-broadcast` | a payment broadcast (journaled by the chain), its request not told yet |
 * | `payment-mined` | a payment mined, its status not stored yet |
 * | `transition-stored` | a status change written, its webhook event not yet (inside one transaction) |
 * | `webhook-answered` | a webhook delivered (the receiver answered 2xx), not yet marked delivered |
 *
 * The detail after `:` picks one occurrence: the decision for `deposit-taken` (`fill`, `refund`,
 * `orphan`), the status for `transition-stored`, the payment's purpose (`fill`, `fallback`, `refund`,
 * `excess`, `sponsor`) for the `payment-` points.
 */
export type CrashPoint =
  | "deposit-taken"
  | "payment-signed"
  | "payment-broadcast"
  | "payment-mined"
  | "transition-stored"
  | "webhook-answered";

let wanted: string | undefined | null = null;

/**
 * A fault hook for crash tests: when `ATTESTKIT_DEVNET_CRASH_AT` names this point (`point`, or
 * `point:detail` for one occurrence of it), the process writes `crash point <point> reached` to stderr
 * and kills itself with SIGKILL right here, as a `kill -9` at that instant would. Without the variable
 * (read once) it does nothing.
 *
 * @param point - The point reached. {@link CrashPoint}
 * @param detail - Which occurrence (a status, a payment's purpose).
 * @example
 * crashPoint("payment-broadcast", "fill") // ATTESTKIT_DEVNET_CRASH_AT=payment-broadcast:fill kills here
 */
export function crashPoint(point: CrashPoint, detail?: string): void {
  if (wanted === null) wanted = process.env[crashAtVariable] || undefined;
  if (wanted === undefined) return;
  if (wanted !== point && (detail === undefined || wanted !== `${point}:${detail}`)) return;
  writeSync(2, `crash point ${wanted} reached\n`);
  process.kill(process.pid, "SIGKILL");
}
