import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FileStorage, LocalStorage, S3Storage, signV4 } from "../src/providers/storage/index.ts";

const KEYS = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };

describe("SigV4 signing", () => {
  it("matches botocore's S3SigV4Auth for a PUT", () => {
    // Reference computed with botocore 1.43 (S3SigV4Auth) for this request and time.
    const headers = signV4({
      method: "PUT",
      url: new URL("http://127.0.0.1:9000/essays/manuscripts/abc/x%20y.jpg"),
      payloadHash: createHash("sha256").update("hello").digest("hex"),
      region: "us-east-1",
      ...KEYS,
      now: new Date("2026-11-23T14:06:50Z"),
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261123/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;x-amz-content-sha256;x-amz-date, " +
        "Signature=1ee702e84380e197ed359f4ab64410c6cc3681bf894dde41542b16de9765629a",
    );
    expect(headers["x-amz-date"]).toBe("20261123T140650Z");
  });
});

/** A minimal S3-compatible endpoint: path-style objects in memory, refuses unsigned requests. */
function fakeS3(): Promise<{ server: Server; url: string; objects: Map<string, Buffer> }> {
  const objects = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    if (!String(req.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/")) {
      res.writeHead(403).end();
      return;
    }
    const key = decodeURIComponent(req.url ?? "");
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "PUT") {
        const body = Buffer.concat(chunks);
        if (createHash("sha256").update(body).digest("hex") !== req.headers["x-amz-content-sha256"]) {
          res.writeHead(400).end();
          return;
        }
        objects.set(key, body);
        res.writeHead(200).end();
      } else if (req.method === "GET") {
        const body = objects.get(key);
        if (body) res.writeHead(200).end(body);
        else res.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
      } else if (req.method === "DELETE") {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const a = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}`, objects });
    }),
  );
}

describe("storage providers", () => {
  let dir: string;
  let s3: Awaited<ReturnType<typeof fakeS3>>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "essay-storage-"));
    s3 = await fakeS3();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await new Promise((r) => s3.server.close(r));
  });

  const drivers: [string, () => FileStorage][] = [
    ["local", () => new LocalStorage(dir)],
    ["s3", () => new S3Storage({ endpoint: s3.url, region: "us-east-1", bucket: "essays", prefix: "app/", ...KEYS })],
  ];

  it.each(drivers)("%s: put, get, delete; missing is null; delete is idempotent", async (_name, make) => {
    const storage = make();
    const key = "manuscripts/5f0c/photo.jpg";
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
    await storage.put(key, bytes, "image/jpeg");
    expect(new Uint8Array((await storage.get(key)) ?? [])).toEqual(bytes);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it("s3 keys live under the bucket and prefix", async () => {
    const storage = new S3Storage({ endpoint: s3.url, region: "us-east-1", bucket: "essays", prefix: "app/", ...KEYS });
    await storage.put("manuscripts/a/b.jpg", new Uint8Array([1]), "image/jpeg");
    expect([...s3.objects.keys()]).toContain("/essays/app/manuscripts/a/b.jpg");
  });

  it("local storage refuses keys that leave its folder", async () => {
    const storage = new LocalStorage(dir);
    for (const key of ["../escape.jpg", "a/../../b.jpg", "/abs.jpg", "a//b.jpg"]) {
      await expect(storage.put(key, new Uint8Array([1]), "image/jpeg")).rejects.toThrow(/invalid storage key/);
    }
  });
});
