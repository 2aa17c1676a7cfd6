/**
 * A participant as a browser would be one, over Janus's HTTP API but without
 * media: opens a session with a token, attaches the VideoRoom plugin, joins a
 * room as a publisher. Tests use it to see what Janus itself accepts or refuses.
 */
type Reply = { janus: string; transaction?: string; data?: { id: number }; error?: { code: number; reason: string }; plugindata?: { data: any } };

export type JanusAnswer = { ok: true; data: any; session: number; handle: number } | { ok: false; code: number; reason: string };

async function call(url: string, body: Record<string, unknown>, token?: string): Promise<Reply> {
  const res = await fetch(url, { method: "POST", body: JSON.stringify({ ...body, ...(token ? { token } : {}) }) });
  return await res.json();
}

/** Long-polls the session until the answer to `transaction` arrives. */
async function eventFor(url: string, session: number, transaction: string, token: string, timeoutMs = 5000): Promise<Reply> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/${session}?maxev=10&token=${encodeURIComponent(token)}`);
    const events = [await res.json()].flat() as Reply[];
    const found = events.find((e) => e.transaction === transaction && e.janus !== "ack");
    if (found) return found;
  }
  throw new Error(`no answer to ${transaction} from janus`);
}

/** Creates a session and a VideoRoom handle; answers Janus's refusal when there is one. */
export async function janusAttach(url: string, token: string | undefined) {
  const created = await call(url, { janus: "create", transaction: crypto.randomUUID() }, token);
  if (created.janus === "error") return { ok: false as const, code: created.error!.code, reason: created.error!.reason };
  const session = created.data!.id;
  const attached = await call(`${url}/${session}`, { janus: "attach", plugin: "janus.plugin.videoroom", transaction: crypto.randomUUID() }, token);
  if (attached.janus === "error") return { ok: false as const, code: attached.error!.code, reason: attached.error!.reason };
  return { ok: true as const, session, handle: attached.data!.id };
}

/** Sends a VideoRoom request on a handle and waits for its answer (synchronous or as an event). */
export async function janusRequest(url: string, at: { session: number; handle: number }, token: string, body: Record<string, unknown>): Promise<JanusAnswer> {
  const transaction = crypto.randomUUID();
  let reply = await call(`${url}/${at.session}/${at.handle}`, { janus: "message", body, transaction }, token);
  if (reply.janus === "ack") reply = await eventFor(url, at.session, transaction, token);
  if (reply.janus === "error") return { ok: false, code: reply.error!.code, reason: reply.error!.reason };
  const data = reply.plugindata?.data ?? {};
  if (data.error_code) return { ok: false, code: data.error_code, reason: data.error };
  return { ok: true, data, ...at };
}

/** Joins a room as a publisher (no media), as the PWA does first. */
export async function janusJoin(url: string, o: { token?: string; roomId: number; roomToken?: string; participantId?: number }): Promise<JanusAnswer> {
  const attached = await janusAttach(url, o.token);
  if (!attached.ok) return attached;
  return await janusRequest(url, attached, o.token!, {
    request: "join", ptype: "publisher", room: o.roomId, display: "test",
    ...(o.participantId ? { id: o.participantId } : {}),
    ...(o.roomToken ? { token: o.roomToken } : {}),
  });
}
