import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { openStateDatabase, type StateDatabase } from "../../src/devnet/state/openStateDatabase.js";

/**
 * Devnet state directories for one test file (call it at the top level): `freshDir()` makes an
 * empty one, `openDatabase(dir)` opens its state database; after each test every database opened
 * is closed and every directory removed. An `afterEach` the file registers later runs before this
 * one (vitest runs after-hooks as a stack), so what writes to a database can be stopped first.
 *
 * @param prefix - The temporary directories' name prefix, e.g. `attestkit-fees-`.
 */
export function useStateDirectories(prefix: string) {
  const dirs: string[] = [];
  const databases: StateDatabase[] = [];
  afterEach(() => {
    for (const database of databases.splice(0)) database.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    freshDir: () => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    openDatabase: async (dir: string) => {
      const database = await openStateDatabase({ dir });
      databases.push(database);
      return database;
    },
  };
}
