import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Whether the module at `url` is the script node was started with (`npx tsx examples/x.ts`), so an
 * example runs when started and stays quiet when a test imports it.
 *
 * @param url - The module's `import.meta.url`.
 * @returns True when it is the entry script.
 */
export function isMain(url: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(url));
  } catch {
    return false;
  }
}
