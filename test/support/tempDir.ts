import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, onTestFinished } from "vitest";

/**
 * A fresh folder under the system's temporary folder (`attestkit-<name>-XXXXXX`), removed with its
 * contents when the test that asked for it ends, or, asked for outside a test, when the file's
 * tests end: test runs leave nothing behind.
 */
export function makeTempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `attestkit-${name}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  // Outside a test, onTestFinished throws (a test name left by an earlier file in the same worker
  // would not tell the two apart).
  try {
    onTestFinished(remove);
  } catch {
    afterAll(remove);
  }
  return dir;
}
