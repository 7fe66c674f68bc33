import { expect, test } from "vitest";
import { readResponseJson } from "./readResponseJson.js";

test("default: the body as JSON", async () => {
  expect(await readResponseJson(new Response('{"solver":{"address":"0x1"}}'))).toEqual({
    solver: { address: "0x1" },
  });
});

test("a body without end is cancelled at the limit, not read into memory", async () => {
  let pulled = 0;
  let cancelled = false;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new Uint8Array(65_536));
    },
    cancel() {
      cancelled = true;
    },
  });
  await expect(readResponseJson(new Response(endless), 1_048_576)).rejects.toThrow(
    "The answer is larger than 1048576 bytes.",
  );
  expect(cancelled).toBe(true);
  expect(pulled).toBeLessThan(40);
});
