import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type NotificationSettings, NotificationSettingsForm } from "./NotificationSettingsForm.tsx";

describe("NotificationSettingsForm", () => {
  it("saves the channels chosen per kind, and says why saving failed", async () => {
    const user = userEvent.setup();
    const saved: NotificationSettings[] = [];
    let fail = false;
    render(
      <NotificationSettingsForm
        settings={{ "consultation.startsSoon": { site: true, email: true, sms: false } }}
        onSave={(next) => (fail ? Promise.reject(new Error("Offline")) : Promise.resolve(void saved.push(next)))}
      />,
    );
    const group = screen.getByRole("group", { name: "A consultation starts in 15 minutes" });
    expect(group).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: "Text message" }));
    await user.click(screen.getByRole("checkbox", { name: "Email" }));
    await user.click(screen.getByRole("button", { name: "Save notification settings" }));
    expect(saved).toEqual([{ "consultation.startsSoon": { site: true, email: false, sms: true } }]);
    expect(await screen.findByText("Saved.")).toBeTruthy();
    fail = true;
    await user.click(screen.getByRole("button", { name: "Save notification settings" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Offline");
  });
});
