// Copies what the build needs beside its compiled modules but tsc does not emit: the devnet
// dashboard's page, script, style and icon (read at run time from next to dashboardAssets.js).
import { cpSync } from "node:fs";

cpSync("src/dashboard/assets", "dist/dashboard/assets", { recursive: true });
