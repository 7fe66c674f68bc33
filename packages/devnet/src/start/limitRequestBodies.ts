import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

export type LimitRequestBodiesParameters = {
  /** Serves a request once its body is read; the body is on `incoming.rawBody`, where Hono's adapter reads it. */
  listener: RequestListener;
  /** The largest body read, in bytes. */
  maxBodyBytes: number;
  /** How long the rest of a refused body is read (and dropped) before the connection is cut. Default 10 s. */
  lingerMs?: number | undefined;
  /** How much of a refused body is read (and dropped) before the connection is cut. Default 64 MiB. */
  maxDrainBytes?: number | undefined;
};

/**
 * Makes `server` read each request's body, at most `maxBodyBytes`, before `listener` sees it. A
 * larger body (by its `Content-Length`, or as it arrives when chunked) is answered at once with 413
 * `{message, errorCode: "REQUEST_TOO_LARGE"}` and `Connection: close`; the rest of the body is then
 * read and dropped, and the connection closed once it has all come. Closing while the client still
 * sends would reset the connection, and a client that reads only after sending (most do) would lose
 * the answer. A client that announces its body (`Expect: 100-continue`) is answered 413 before it
 * sends one. Past `lingerMs` or `maxDrainBytes` of a refused body the connection is cut anyway.
 *
 * @param server - The HTTP server, without a request listener of its own.
 * @param parameters - {@link LimitRequestBodiesParameters}
 * @example
 * const server = createServer()
 * limitRequestBodies(server, { listener: getRequestListener(app.fetch), maxBodyBytes: 1_048_576 })
 */
export function limitRequestBodies(
  server: Server,
  { listener, maxBodyBytes, lingerMs = 10_000, maxDrainBytes = 64 * 1_048_576 }: LimitRequestBodiesParameters,
): void {
  const declaredTooLarge = (incoming: IncomingMessage) =>
    Number(incoming.headers["content-length"] ?? 0) > maxBodyBytes;

  const refuse = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const body = JSON.stringify({
      message: `The request body is larger than ${maxBodyBytes} bytes.`,
      errorCode: "REQUEST_TOO_LARGE",
    });
    outgoing.writeHead(413, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      connection: "close",
    });
    // The whole answer now, for a client that reads while it sends; the end (and the close that
    // follows it) once the body is in.
    outgoing.write(body);
    let drained = 0;
    const finish = (cut: boolean) => {
      clearTimeout(timer);
      incoming.off("data", drop);
      outgoing.end();
      if (cut) incoming.socket.destroy();
    };
    const drop = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > maxDrainBytes) finish(true);
    };
    const timer = setTimeout(() => finish(true), lingerMs);
    timer.unref();
    incoming.on("data", drop);
    incoming.once("end", () => finish(false));
    incoming.once("close", () => clearTimeout(timer));
  };

  const serve = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (incoming.method === "GET" || incoming.method === "HEAD") return listener(incoming, outgoing);
    if (declaredTooLarge(incoming)) return refuse(incoming, outgoing);
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) return void chunks.push(chunk);
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      chunks.length = 0;
      refuse(incoming, outgoing);
    };
    const onEnd = () => {
      (incoming as IncomingMessage & { rawBody?: Buffer }).rawBody = Buffer.concat(chunks, size);
      listener(incoming, outgoing);
    };
    incoming.on("data", onData);
    incoming.once("end", onEnd);
  };

  server.on("request", serve);
  server.on("checkContinue", (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (declaredTooLarge(incoming)) return refuse(incoming, outgoing);
    outgoing.writeContinue();
    serve(incoming, outgoing);
  });
}
