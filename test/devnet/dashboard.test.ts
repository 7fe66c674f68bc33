import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runDevnetScenario } from "../../src/cli/runDevnetScenario.js";
import { createDevnet, type Devnet } from "../../src/devnet/createDevnet.js";
import { createWebhookReceiver, type WebhookReceiver } from "../support/createWebhookReceiver.js";
import { makeTempDir } from "../support/tempDir.js";

/** Chromium from Debian's packages (`apt-get install -y chromium`; `.ci/run` installs it when missing). */
const chromiumPath = "/usr/bin/chromium";
/** Where the test writes the dashboard's screenshot (git-ignored). */
const screenshotPath = fileURLToPath(new URL("../../test-results/dashboard.png", import.meta.url));

let devnet: Devnet;
let browser: BrowserContext;
let receiver: WebhookReceiver;
const apiKey = "dashboard-key";

beforeAll(async () => {
  // The first attempt of each event fails, so the page shows a delivery with 2 attempts.
  receiver = await createWebhookReceiver({ secret: apiKey, failFirst: 1 });
  devnet = await createDevnet({
    port: 0,
    indexIntervalMs: 20,
    webhookUrl: receiver.url,
    apiKey,
    webhookRetry: { baseDelayMs: 20, maxDelayMs: 50 },
    log: () => {},
  });
});
afterAll(async () => {
  await browser?.close();
  await devnet?.stop();
  await receiver?.close();
});

test("the dashboard shows a payment live: its statuses, verdicts, deposit, fill and webhook deliveries; a failed delivery is replayed from it", async () => {
  // Never skipped: without Chromium the test fails and says how to install it.
  if (!existsSync(chromiumPath))
    throw new Error(
      `Chromium is missing at ${chromiumPath}: the dashboard test needs it. Install it with \`apt-get update && apt-get install -y chromium\` (.ci/run does).`,
    );
  const profile = makeTempDir("chromium");
  // A fresh profile (--user-data-dir) each run: playwright passes it for a persistent context.
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(devnet.url);
  await expect.poll(() => page.textContent("#info")).toContain(devnet.info.solver.address);
  await expect.poll(() => page.isVisible("#empty")).toBe(true);

  // A payment through the devnet (quote with the key, steps, fill), then one refunded one.
  const { requestId } = await runDevnetScenario({
    devnet: devnet.url,
    scenario: "success",
    account: 1,
    apiKey,
    intervalMs: 20,
  });
  const refunded = await runDevnetScenario({
    devnet: devnet.url,
    scenario: "ttl-expired",
    account: 2,
    apiKey,
    intervalMs: 20,
  });
  await devnet.idle();

  // Both rows appear within the polling interval, with their final status.
  const row = page.locator(`#requests tr[data-request-id="${requestId}"]`);
  await row.waitFor({ timeout: 10_000 });
  await expect.poll(() => row.getAttribute("data-status"), { timeout: 10_000 }).toBe("success");
  await expect
    .poll(() =>
      page.locator(`#requests tr[data-request-id="${refunded.requestId}"]`).getAttribute("data-status"),
    )
    .toBe("refund");
  expect(await page.textContent(`#requests tr[data-request-id="${refunded.requestId}"]`)).toContain(
    "TTL_EXPIRED",
  );

  // The paid request's detail: the whole timeline, valid verdicts, deposit, fill, deliveries.
  await row.click();
  await expect.poll(() => page.textContent("#detail-id")).toBe(requestId);
  await expect
    .poll(() =>
      page.locator("#timeline li").evaluateAll((items) => items.map((li) => li.getAttribute("data-status"))),
    )
    .toEqual(["waiting", "pending", "submitted", "success"]);
  const detail = (await page.textContent("#detail-panel")) ?? "";
  expect(detail.match(/VALID {2}signer 0xA8893c8Ba6c8ffB1032FfB7b0a13d510fc7e9BfD/g)).toHaveLength(3);
  expect(detail).not.toContain("INVALID");
  expect(detail).not.toContain("null");
  expect(detail).toContain("0.01 ETH on 31337");
  expect(detail).toMatch(/transaction0x[0-9a-f]{64}from0x/);
  await expect.poll(() => page.locator("#fills li").count()).toBe(1);
  await expect
    .poll(() =>
      page
        .locator("#webhooks tbody tr")
        .evaluateAll((rows) => rows.map((r) => [r.getAttribute("data-state"), r.children[2]?.textContent])),
    )
    .toEqual([
      ["delivered", "2"],
      ["delivered", "2"],
      ["delivered", "2"],
    ]);

  // A request whose endpoint is down: its deliveries fail every attempt; replay sends them again.
  const deadKey = "dead-endpoint-key";
  const registered = await fetch(`${devnet.url}/devnet/webhooks/endpoints`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ apiKey: deadKey, url: "http://127.0.0.1:1/hooks" }),
  });
  expect(registered.status).toBe(201);
  const dead = await runDevnetScenario({
    devnet: devnet.url,
    scenario: "amount-too-low",
    account: 3,
    apiKey: deadKey,
    intervalMs: 20,
  });
  await devnet.idle();
  const deadRow = page.locator(`#requests tr[data-request-id="${dead.requestId}"]`);
  await deadRow.waitFor({ timeout: 10_000 });
  await deadRow.click();
  await expect.poll(() => page.textContent("#detail-id")).toBe(dead.requestId);
  const failed = page.locator('#webhooks tr[data-state="failed"]');
  await expect.poll(() => failed.count(), { timeout: 10_000 }).toBe(2);
  const attemptsBefore = Number(await failed.first().locator("td").nth(2).textContent());
  expect(attemptsBefore).toBe(11);
  const id = await failed.first().getAttribute("data-delivery");
  await failed.first().locator("button[data-replay]").click();
  // Replayed (same id), it fails again after a fresh set of retries: the attempts add up.
  await expect
    .poll(() => page.locator(`#webhooks tr[data-delivery="${id}"] td`).nth(2).textContent(), {
      timeout: 15_000,
    })
    .toBe("22");
  await row.click();
  await expect.poll(() => page.textContent("#detail-id")).toBe(requestId);

  mkdirSync(join(screenshotPath, ".."), { recursive: true });
  await page.screenshot({ path: screenshotPath, fullPage: true });
  expect(existsSync(screenshotPath)).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});
