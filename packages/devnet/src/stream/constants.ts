/** The one event of the stream, as the live service names it. */
export const statusEvent = "request.status.updated";
