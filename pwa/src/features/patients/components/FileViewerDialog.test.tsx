import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FileViewerDialog } from "./FileViewerDialog.tsx";

describe("FileViewerDialog", () => {
  const png = { name: "knee.png", contentType: "image/png", kind: "png" as const };

  it("waits for the bytes, then shows an image with download and open links", () => {
    const { rerender } = render(<FileViewerDialog file={png} url={null} onClose={() => {}} />);
    expect(screen.getByRole("dialog", { name: "knee.png" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("Preparing the file");
    rerender(<FileViewerDialog file={png} url="blob:http://localhost/1" onClose={() => {}} />);
    expect(screen.getByRole("img", { name: "knee.png" }).getAttribute("src")).toBe("blob:http://localhost/1");
    const download = screen.getByRole("link", { name: "Download" });
    expect(download.getAttribute("download")).toBe("knee.png");
    expect(screen.getByRole("link", { name: "Open in a new tab" }).getAttribute("target")).toBe("_blank");
  });

  it("offers a document for download without showing it in place", () => {
    render(<FileViewerDialog file={{ name: "cbc.pdf", contentType: "application/pdf", kind: "pdf" }} url="blob:x" onClose={() => {}} />);
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByRole("link", { name: "Download" })).toBeTruthy();
  });
});
