import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { type PanelKey, RoomPanels } from "./RoomPanels.tsx";

function Harness() {
  const [open, setOpen] = useState<PanelKey | null>(null);
  return (
    <RoomPanels
      open={open}
      onOpen={setOpen}
      panels={{ chat: <p>chat body</p>, intake: <p>intake body</p>, patient: <p>patient body</p>, encounter: <p>encounter body</p> }}
    />
  );
}

describe("RoomPanels (01 §2: one panel visible at a time)", () => {
  it("opens one, switches to another, closes the open one", () => {
    render(<Harness />);
    expect(screen.queryByRole("region")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Text chat" }));
    expect(screen.getByRole("region", { name: "Text chat" }).textContent).toContain("chat body");
    fireEvent.click(screen.getByRole("button", { name: "Encounter info" }));
    expect(screen.getAllByRole("region").map((r) => r.getAttribute("aria-label"))).toEqual(["Encounter info"]);
    expect(screen.getByRole("button", { name: "Encounter info" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Encounter info" }));
    expect(screen.queryByRole("region")).toBeNull();
  });
});
