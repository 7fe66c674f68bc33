import type * as z from "zod";
import type { responseSchemas } from "../../schemas/index.js";

/** An error body of the devnet's API, as the schemas define it: `{message, errorCode?, code?}`. */
export type ErrorBody = z.input<typeof responseSchemas.error>;
