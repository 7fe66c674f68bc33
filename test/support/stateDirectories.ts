import { afterEach } from "vitest";
import { openStateDatabase, type StateDatabase } from "../../packages/devnet/src/state/openStateDatabase.js";
import { makeTempDir } from "./tempDir.js";

/**
 * Devnet state directories for one test file (call it at the top level): `freshDir()` makes an
 * empty one (`makeTempDir`, removed when the test ends), `openDatabase(dir)` opens its state
 * database, closed after each test. An `afterEach` the file registers later runs before this one
 * (vitest runs after-hooks as a stack), so what writes to a database can be stopped first.
 *
 * @param name - The temporary directories' name, e.g. `fees` for `attestkit-fees-XXXXXX`.
 */
export function useStateDirectories(name: string) {
  const databases: StateDatabase[] = [];
  afterEach(() => {
    for (const database of databases.splice(0)) database.close();
  });
  return {
    freshDir: () => makeTempDir(name),
    openDatabase: async (dir: string) => {
      const database = await openStateDatabase({ dir });
      databases.push(database);
      return database;
    },
  };
}
