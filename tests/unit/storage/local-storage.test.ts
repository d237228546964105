import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { localStorage, verifySignedKey } from "@/lib/storage/local-storage";

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-storage-"));
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    APP_URL: "http://launchloop.test",
    APP_SECRET: "storage-test-secret-long-enough",
  });
  reloadConfig();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("embedded storage", () => {
  it("keeps objects under DATA_DIR/storage and signs expiring URLs for them", async () => {
    const key = "accounts/a1/projects/p1/logo.svg";
    const body = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>");
    await localStorage.put(key, body, "image/svg+xml");
    expect(fs.existsSync(path.join(dataDir, "storage", key))).toBe(true);
    expect(await localStorage.get(key)).toEqual({ body, contentType: "image/svg+xml" });

    const url = new URL(await localStorage.signedUrl(key, 60));
    expect(url.pathname).toBe(`/api/storage/${key}`);
    const expires = Number(url.searchParams.get("expires"));
    const signature = url.searchParams.get("signature")!;
    expect(verifySignedKey(key, expires, signature)).toBe(true);
    expect(verifySignedKey("accounts/a2/projects/p1/logo.svg", expires, signature)).toBe(false);
    expect(verifySignedKey(key, expires + 1, signature)).toBe(false);
    expect(verifySignedKey(key, expires, signature, (expires + 1) * 1000)).toBe(false);

    await localStorage.remove([key]);
    expect(await localStorage.get(key)).toBeNull();
  });

  it("refuses keys that would leave the storage folder", async () => {
    for (const key of ["../secret", "a/../../b", "/etc/passwd", "a//b"]) {
      await expect(localStorage.put(key, new Uint8Array([1]), "image/png")).rejects.toThrow(/unsafe/);
    }
  });
});
