export type ShouldColorParameters = {
  /** Where the text goes: `process.stdout`, or a test's stand-in. */
  stream: { isTTY?: boolean | undefined };
  /** Where `FORCE_COLOR`, `NO_COLOR` and `TERM` are read. */
  env: Readonly<Record<string, string | undefined>>;
};

/**
 * Whether text written to `stream` gets colours. `FORCE_COLOR` set and not empty turns them on even
 * in a pipe or a file (https://force-color.org), except `0` and `false`, which turn them off, as
 * Node.js reads them; else `NO_COLOR` set and not empty turns them off (https://no-color.org); else
 * only a terminal gets them, and not one with `TERM=dumb`.
 *
 * @param parameters - {@link ShouldColorParameters}
 * @returns True to colour.
 * @example
 * shouldColor({ stream: process.stdout, env: process.env })
 */
export function shouldColor({ stream, env }: ShouldColorParameters): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== "") return force !== "0" && force !== "false";
  if (env.NO_COLOR) return false;
  return stream.isTTY === true && env.TERM !== "dumb";
}
