import type { responseSchemas } from "attestkit/schemas";
import type * as z from "zod";

/** An error body of the devnet's API, as the schemas define it: `{message, errorCode?, code?}`. */
export type ErrorBody = z.input<typeof responseSchemas.error>;
