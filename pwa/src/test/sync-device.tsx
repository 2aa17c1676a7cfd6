/**
 * A signed-in device with the real data layer (RxDB on fake IndexedDB) whose edge serves `serve`'s documents
 * once per collection and the REST stub's answers for everything else: for screens and hooks that read the
 * device. `hold` keeps a collection's first pull waiting until it resolves.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter } from "react-router";
import { expect, vi } from "vitest";
import type { CollectionName } from "../../../sync/collections/index.ts";
import type { AuthUser } from "../../../sync/schemas/user.ts";
import { App } from "../app/App.tsx";
import { createRoutes } from "../app/routes.tsx";
import { createSessionActions } from "../features/auth/session-actions.ts";
import { SyncProvider } from "../features/sync/components/SyncProvider.tsx";
import { createSyncEngine, type SyncEngine } from "../features/sync/lib/sync-engine.ts";
import { type AppDeps, createMemoryStorage } from "../lib/app-deps.tsx";
import { createFetchStub, makeDeps, type StubHandler, success } from "./helpers.tsx";

type Row = { id: string; updatedAt: number };

export type SyncDevice = { engine: SyncEngine; deps: AppDeps; wrapper: (props: { children: ReactNode }) => ReactNode };

export async function openSyncDevice(options: {
  user: AuthUser;
  serve?: Partial<Record<CollectionName, Row[]>>;
  hold?: Partial<Record<CollectionName, Promise<void>>>;
  handlers?: Record<string, StubHandler>;
}): Promise<SyncDevice> {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  const served = new Set<string>();
  const stub = createFetchStub({
    "POST /users/login": () => success({ accessToken: "access-2", refreshToken: "refresh-2", user: options.user }),
    ...options.handlers,
  });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(input), "http://localhost").pathname;
    const pull = /\/sync\/v\d+\/([a-z_]+)\/pull$/.exec(path);
    if (pull) {
      const name = pull[1] as CollectionName;
      await options.hold?.[name];
      const documents = served.has(name) ? [] : (options.serve?.[name] ?? []);
      served.add(name);
      const last = documents.at(-1);
      return success({ documents, checkpoint: last ? { updatedAt: last.updatedAt, id: last.id } : null });
    }
    if (/\/sync\/v\d+\/[a-z_]+\/push$/.test(path)) return success([]);
    return stub.fetch(input, init);
  };
  const deps = makeDeps({ fetch: fetch as typeof globalThis.fetch, session: { status: "guest" } });
  const engine = createSyncEngine({
    api: deps.api,
    session: deps.session,
    passwords: deps.passwords,
    storage: createMemoryStorage(),
    tabStorage: createMemoryStorage(),
    isOnline: () => true,
    runtime: { idb: { indexedDB: new IDBFactory(), IDBKeyRange }, live: false, multiInstance: false },
    pbkdf2Iterations: 100_000,
  });
  await engine.start();
  await createSessionActions(deps).login({ email: options.user.email, password: "right-password" });
  await vi.waitFor(() => expect(engine.status.get().state).toBe("ready"), { timeout: 5000 });
  // As in the app: the device's data, and one REST cache per device.
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queries}>
      <SyncProvider engine={engine}>{children}</SyncProvider>
    </QueryClientProvider>
  );
  return { engine, deps, wrapper };
}

/** The whole app at `path` on that device (as main.tsx builds it, with a memory router). */
export function renderAppOnDevice(path: string, device: SyncDevice) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const Wrapper = device.wrapper;
  const utils = render(<Wrapper><App deps={device.deps} router={router} /></Wrapper>);
  return { ...utils, router };
}
