/** Events: retrieve and list (newest first, filter by type / types[] / created). */
import { asString } from "../form.ts";
import { type Core, expandList, matchesRange } from "../core.ts";
import { route, type Route } from "../router.ts";

export function eventRoutes(core: Core): Route[] {
  return [
    route("GET", "/v1/events/:id", ({ params, path }) => core.out(core.store.need("event", path.id, "id"), expandList(params))),
    route("GET", "/v1/events", ({ params }) => {
      const type = asString(params.type, "type");
      const types = Array.isArray(params.types) ? (params.types as string[]) : undefined;
      const matchType = (t: string) => {
        if (types) return types.includes(t);
        if (!type) return true;
        if (type.endsWith("*")) return t.startsWith(type.slice(0, -1));
        return t === type;
      };
      const items = core.store.all("event", (e) => matchType(e.type) && matchesRange(e.created!, params.created));
      return core.list("/v1/events", items, params);
    }),
  ];
}
