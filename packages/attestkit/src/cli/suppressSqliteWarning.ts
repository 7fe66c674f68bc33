/**
 * Keeps Node.js from printing one warning: the ExperimentalWarning that loading `node:sqlite` (the
 * devnet's `--state`) emits on Node.js 22, which tells a devnet user nothing they can act on. Every
 * other warning, experimental ones included, is emitted as before.
 *
 * @param target - The process whose `emitWarning` is wrapped. Default `process`.
 * @example
 * suppressSqliteWarning() // at the CLI's start, before any command runs
 */
export function suppressSqliteWarning(target: Pick<NodeJS.Process, "emitWarning"> = process): void {
  const emitWarning = target.emitWarning;
  target.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    const options = rest[0];
    const type =
      typeof options === "string"
        ? options
        : typeof options === "object" && options !== null
          ? (options as { type?: unknown }).type
          : warning instanceof Error
            ? warning.name
            : undefined;
    const message = typeof warning === "string" ? warning : warning.message;
    if (type === "ExperimentalWarning" && /^SQLite is an experimental feature/.test(message)) return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as NodeJS.Process["emitWarning"];
}
