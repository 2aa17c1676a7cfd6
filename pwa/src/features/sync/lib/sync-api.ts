/** The sync routes' `{version}` path segment (`/sync/v1/…`, as sync/protocol.ts `syncPaths`): the protocol this build speaks. */
import { SYNC_VERSION } from "../../../../../sync/protocol.ts";

export const syncVersion = `v${SYNC_VERSION}`;
