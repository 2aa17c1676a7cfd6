/**
 * Demo command: sends a fax in to the running demo (`npm run fax:receive`), through the
 * local Phaxio emulator `npm start` runs — a signed `fax_received` webhook to the edge.
 * Options: `--from=+13125550147`, `--to=<E.164>` (default: the demo doctor's fax number),
 * `--times=3` (a vendor redelivering: stored once). The edge's address: EDGE_URL, default
 * http://localhost:$PORT (8000).
 */
const args = Object.fromEntries(Deno.args.map((a) => a.replace(/^--/, "").split("=")));
const base = Deno.env.get("EDGE_URL") ?? `http://localhost:${Deno.env.get("PORT") ?? "8000"}`;
const body = {
  ...(args.from ? { from: args.from } : {}),
  ...(args.to ? { to: args.to } : {}),
  ...(args.times ? { times: Number(args.times) } : {}),
};
const res = await fetch(`${base}/api/v1/dev/fax/receive`, {
  method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
});
const answer = await res.json().catch(() => null);
if (!res.ok) {
  console.error(`Not sent (${res.status}): ${answer?.message ?? "no answer"}. Is the demo running (npm start) without PHAXIO_API_KEY?`);
  Deno.exit(1);
}
console.log(`Fax ${answer.result.id} sent in from ${answer.result.from} to ${answer.result.to} (${answer.result.times}×).`);
