import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { exportReducer, type ExportState, ExportStatus } from "./ExportStatus.tsx";

const withToken = (url: string) => `${url}?token=t`;

describe("ExportStatus", () => {
  it("goes from progress to a download link carrying the token", () => {
    let state: ExportState = { phase: "requested", progress: 0 };
    state = exportReducer(state, { name: "started", payload: {} }, withToken);
    state = exportReducer(state, { name: "progress", payload: { progress: 0.5 } }, withToken);
    const { rerender } = render(<ExportStatus state={state} />);
    expect((screen.getByLabelText("Export progress") as HTMLProgressElement).value).toBe(50);
    expect(screen.getByRole("status").textContent).toContain("50%");
    state = exportReducer(state, { name: "success", payload: { downloadUrl: "/api/v1/messages/exports/e1", expiresAt: "x" } }, withToken);
    rerender(<ExportStatus state={state} />);
    expect(screen.getByRole("link", { name: "Download the chat (PDF)" }).getAttribute("href")).toBe("/api/v1/messages/exports/e1?token=t");
  });

  it("says why an export failed", () => {
    const state = exportReducer({ phase: "running", progress: 0.2 }, { name: "error", payload: { message: "Too big" } }, withToken);
    render(<ExportStatus state={state} />);
    expect(screen.getByRole("alert").textContent).toBe("Export failed: Too big");
  });
});
