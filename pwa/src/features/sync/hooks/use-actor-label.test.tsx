import { renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { PracticeMemberDoc } from "../../../../../sync/collections/index.ts";
import { randomUser } from "../../../test/helpers.tsx";
import { openSyncDevice, type SyncDevice } from "../../../test/sync-device.tsx";
import { useActorLabel } from "./use-actor-label.ts";

const PRACTICE = "3f2b9c1e-0000-4000-8000-0000000000d1";
const VMA = "3f2b9c1e-0000-4000-8000-0000000000f1";
const member = (userId: string, role: "doctor" | "vma", firstName: string, lastName: string, n: number): PracticeMemberDoc => ({
  id: `3f2b9c1e-0000-4000-8000-00000000010${n}`, practiceId: PRACTICE, userId, firstName, lastName, role, updatedAt: n, _deleted: false,
});

const devices: SyncDevice[] = [];
afterEach(async () => {
  for (const d of devices.splice(0)) await d.engine.stop();
});

describe("useActorLabel (issue 32)", () => {
  it("names the doctor, and an assistant with the doctor they acted for; nobody it does not know", async () => {
    const device = await openSyncDevice({
      user: randomUser({ id: PRACTICE, role: "doctor", isAccountApproved: true, fullAccess: true }),
      serve: { practice_members: [member(PRACTICE, "doctor", "Grace", "Hopper", 1), member(VMA, "vma", "Vera", "Assistant", 2)] },
    });
    devices.push(device);
    const { result } = renderHook(() => useActorLabel(), { wrapper: device.wrapper });
    await waitFor(() => expect(result.current(VMA)).toBe("Vera Assistant for Dr. Hopper"));
    expect(result.current(PRACTICE)).toBe("Dr. Grace Hopper");
    expect(result.current("3f2b9c1e-0000-4000-8000-0000000000ff")).toBeNull();
    expect(result.current(null)).toBeNull();
  });
});
