import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, getQueryFn } from "./api.ts";

function respond(status: number, body: string, statusText = "") {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(body || null, { status, statusText }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("apiRequest", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends cookies and JSON", async () => {
    const fetchMock = respond(200, "{}");
    await apiRequest("POST", "/api/x", { a: 1 });
    expect(fetchMock).toHaveBeenCalledWith("/api/x", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: '{"a":1}',
    });
  });

  it("turns a non-ok response into 'STATUS: body' and keeps the API code", async () => {
    respond(404, '{"code":"USER_NOT_FOUND","message":"User does not exist"}');
    const error = await apiRequest("POST", "/api/x", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"code":"USER_NOT_FOUND","message":"User does not exist"}');
    expect((error as ApiError).code).toBe("USER_NOT_FOUND");
    expect((error as ApiError).serverMessage).toBe("User does not exist");
  });

  it("uses the status text when the body is empty", async () => {
    respond(502, "", "Bad Gateway");
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("502: Bad Gateway");
  });
});

describe("getQueryFn", () => {
  afterEach(() => vi.unstubAllGlobals());
  const ctx = (queryKey: string[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it("joins key segments into the GET path", async () => {
    const fetchMock = respond(200, '{"id":"7"}');
    const data = await getQueryFn({ on401: "throw" })(ctx(["/api/manuscripts", "7"]));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/manuscripts/7");
    expect(data).toEqual({ id: "7" });
  });

  it("returns null on 401 when asked to", async () => {
    respond(401, '{"code":"UNAUTHORIZED"}');
    expect(await getQueryFn({ on401: "returnNull" })(ctx(["/api/auth/me"]))).toBeNull();
  });

  it("throws on 401 by default", async () => {
    respond(401, "Unauthorized");
    await expect(getQueryFn({ on401: "throw" })(ctx(["/api/auth/me"]))).rejects.toThrow("401: Unauthorized");
  });
});
