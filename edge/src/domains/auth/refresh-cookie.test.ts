/** The browser's refresh token: an HttpOnly cookie for the refresh path only; the JSON body form stays for other clients. */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { apiTest, type Reply } from "../../test/harness.ts";
import { createRefreshCookie, REFRESH_COOKIE } from "./refresh-cookie.ts";

const ORIGIN = "http://app.test";
const BROWSER = { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", origin: ORIGIN };

function cookieOf(res: Reply): { value: string; attributes: string } | null {
  const header = res.headers.get("set-cookie");
  if (!header) return null;
  const match = new RegExp(`${REFRESH_COOKIE}=([^;]*);?(.*)`).exec(header);
  return match ? { value: match[1], attributes: match[2] } : null;
}

Deno.test("refresh cookie: Secure everywhere but plain-HTTP loopback", async () => {
  for (const [origin, secure] of [["http://localhost:8000", false], ["http://127.0.0.1:8000", false], ["https://care.example.org", true], ["http://care.example.org", true]] as const) {
    const cookie = createRefreshCookie({ publicOrigin: origin, REFRESH_TOKEN_TTL_DAYS: 30 });
    const app = new Hono().get("/", (c) => c.json(cookie.deliver(c, { refreshToken: "r".repeat(43), accessToken: "a" })));
    const res = await app.request("/", { headers: BROWSER });
    const header = res.headers.get("set-cookie")!;
    assert.match(header, /HttpOnly/);
    assert.match(header, /SameSite=Strict/);
    assert.match(header, /Path=\/api\/v1\/users\/refreshToken/);
    assert.match(header, /Max-Age=2592000/);
    assert.equal(/;\s*Secure/.test(header), secure, origin);
    assert.deepEqual(await res.json(), { accessToken: "a" });
  }
});

apiTest("refresh cookie through the API", async (t, ctx) => {
  const u = await ctx.createUser("patient");
  const login = (headers: Record<string, string>) =>
    ctx.call("POST", "/users/login", { body: { email: u.email, password: u.password }, headers });
  const refresh = (value: string | null, headers: Record<string, string> = BROWSER) =>
    ctx.call("POST", "/users/refreshToken", { headers: { ...headers, ...(value ? { cookie: `${REFRESH_COOKIE}=${value}` } : {}) } });
  const sessionRevoked = async (accessToken: string) =>
    (await ctx.call("POST", "/users/loginByToken", { token: accessToken })).status === 401;

  await t.step("a browser's sign-in sets the cookie and the JSON has no refresh token", async () => {
    const res = await login(BROWSER);
    assert.equal(res.status, 200);
    assert.equal(typeof res.body.result.accessToken, "string");
    assert.equal("refreshToken" in res.body.result, false);
    const cookie = cookieOf(res)!;
    assert.ok(cookie.value.length >= 43);
    assert.match(cookie.attributes, /HttpOnly/);
    assert.match(cookie.attributes, /Secure/, "app.test is not a loopback origin");
  });

  await t.step("other clients keep the JSON body form and get no cookie", async () => {
    const res = await login({});
    assert.equal(typeof res.body.result.refreshToken, "string");
    assert.equal(res.headers.get("set-cookie"), null);
    const again = await ctx.call("POST", "/users/refreshToken", { body: { refreshToken: res.body.result.refreshToken } });
    assert.equal(again.status, 200);
    assert.equal(typeof again.body.result.refreshToken, "string");
  });

  await t.step("the cookie refreshes and rotates; a replayed cookie ends the family and clears the cookie", async () => {
    const first = cookieOf(await login(BROWSER))!.value;
    const res = await refresh(first);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal("refreshToken" in res.body.result, false);
    const second = cookieOf(res)!.value;
    assert.notEqual(second, first);
    const replay = await refresh(first);
    assert.equal(replay.status, 401);
    assert.equal(replay.body.details.reason, "REFRESH_REUSED");
    assert.match(replay.headers.get("set-cookie") ?? "", /Max-Age=0/);
    assert.equal((await refresh(second)).status, 401, "the whole family is revoked");
    assert.ok(await sessionRevoked(res.body.result.accessToken));
  });

  await t.step("CSRF: the cookie-only refresh needs the app's own Origin; a refused one consumes nothing", async () => {
    const value = cookieOf(await login(BROWSER))!.value;
    const cases: Record<string, string>[] = [{ ...BROWSER, origin: "https://evil.example" }, { "sec-fetch-site": "same-origin" }, {}];
    for (const headers of cases) {
      const res = await refresh(value, headers);
      assert.equal(res.status, 403, JSON.stringify(headers));
      assert.equal(res.body.details.reason, "ORIGIN_REFUSED");
    }
    assert.equal((await refresh(value)).status, 200, "the cookie still works once");
  });

  await t.step("no cookie and no body: 401, so the app knows it is signed out", async () => {
    const res = await refresh(null);
    assert.equal(res.status, 401);
    assert.equal(res.body.details.reason, "REFRESH_INVALID");
  });

  await t.step("a browser still holding an old refresh token moves it into the cookie through the body form", async () => {
    const old = (await login({})).body.result.refreshToken as string;
    const res = await ctx.call("POST", "/users/refreshToken", { body: { refreshToken: old }, headers: BROWSER });
    assert.equal(res.status, 200);
    assert.equal("refreshToken" in res.body.result, false);
    assert.equal((await refresh(cookieOf(res)!.value)).status, 200);
  });

  await t.step("logout clears the cookie; password change and impersonation set a new one", async () => {
    const signedIn = await login(BROWSER);
    const changed = await ctx.call("POST", "/users/change-password", {
      token: signedIn.body.result.accessToken,
      headers: BROWSER,
      body: { currentPassword: u.password, password: "orbit-Kettle-58-plume", repeatPassword: "orbit-Kettle-58-plume" },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal("refreshToken" in changed.body.result, false);
    assert.ok(cookieOf(changed));
    const out = await ctx.call("POST", "/users/logout", { token: changed.body.result.accessToken, headers: BROWSER });
    assert.equal(out.status, 200);
    assert.match(out.headers.get("set-cookie") ?? "", new RegExp(`${REFRESH_COOKIE}=;.*Max-Age=0.*Path=/api/v1/users/refreshToken`));

    const admin = await ctx.createUser("admin");
    const as = await ctx.call("POST", `/users/login/as/${u.id}`, { token: admin.token, headers: BROWSER });
    assert.equal(as.status, 200);
    assert.equal("refreshToken" in as.body.result, false);
    const back = await ctx.call("DELETE", "/users/logout/to/admin", { token: as.body.result.accessToken, headers: BROWSER });
    assert.equal(back.status, 200);
    assert.equal("refreshToken" in back.body.result, false);
    assert.ok(cookieOf(back));
  });
});
