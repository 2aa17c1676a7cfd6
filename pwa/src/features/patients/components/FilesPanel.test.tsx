import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { AttachFileInput } from "./AttachFileDialog.tsx";
import { type FileItem, FilesPanel, type FilesPanelProps } from "./FilesPanel.tsx";

const PATIENT = "3f2b9c1e-0000-4000-8000-000000000001";
let n = 0;
const file = (patch: Partial<FileItem>): FileItem => ({
  id: `8d3c8f4e-2f0a-4b7e-9a55-${String(++n).padStart(12, "0")}`, patientId: PATIENT, folder: "Labs", name: "cbc.pdf",
  size: 2048, contentType: "application/pdf", kind: "pdf", uploadedBy: PATIENT, status: "uploaded", rejectReason: null,
  updatedAt: n, _deleted: false, pending: false, ...patch,
});

function renderPanel(props: Partial<FilesPanelProps> = {}) {
  const attached: AttachFileInput[] = [];
  const opened: FileItem[] = [];
  render(
    <FilesPanel
      files={[]}
      loading={false}
      online
      onAttach={(input) => Promise.resolve(void attached.push(input))}
      onOpen={(f) => void opened.push(f)}
      {...props}
    />,
  );
  return { attached, opened };
}

describe("FilesPanel", () => {
  it("groups files by folder and says where each one is on its way", () => {
    renderPanel({
      online: false,
      files: [
        file({ folder: "Imaging", name: "knee.png", kind: "png" }),
        file({ name: "cbc.pdf" }),
        file({ name: "fake.pdf", status: "rejected", rejectReason: "Unsupported file type" }),
        file({ name: "new.pdf", status: "pending", pending: true, upload: { fileId: "x", progress: 0, state: "queued" } }),
        file({ name: "half.pdf", status: "pending", upload: { fileId: "y", progress: 0.45, state: "uploading" } }),
        file({ name: "gone.pdf", _deleted: true }),
      ],
    });
    const groups = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(["Labs", "Imaging"]);
    const labs = screen.getByRole("region", { name: "Labs" });
    const rows = within(labs).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/cbc\.pdf.*2\.0 KB.*Uploaded/),
      expect.stringMatching(/fake\.pdf.*Rejected: Unsupported file type/),
      expect.stringMatching(/new\.pdf.*Waiting for network/),
      expect.stringMatching(/half\.pdf.*Waiting for network \(45% sent\)/),
    ]);
    expect((within(rows[1]).getByRole("button", { name: "Open fake.pdf" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText("gone.pdf")).toBeNull();
  });

  it("shows the progress of an upload running on this device while online", () => {
    renderPanel({
      files: [
        file({ name: "half.pdf", status: "pending", upload: { fileId: "y", progress: 0.45, state: "uploading" } }),
        file({ name: "next.pdf", status: "pending", pending: true, upload: { fileId: "x", progress: 0, state: "queued" } }),
        file({ name: "theirs.pdf", status: "pending" }),
      ],
    });
    const rows = within(screen.getByRole("region", { name: "Labs" })).getAllByRole("listitem");
    expect(within(rows[0]).getByRole("progressbar", { name: "Uploading half.pdf" }).getAttribute("value")).toBe("45");
    expect(rows[0].textContent).toContain("Uploading 45%");
    expect(rows[1].textContent).toContain("Waiting to upload");
    expect(rows[2].textContent).toContain("Being uploaded from another device");
    expect((within(rows[2]).getByRole("button", { name: "Open theirs.pdf" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("opens a file", async () => {
    const user = userEvent.setup();
    const { opened } = renderPanel({ files: [file({ name: "cbc.pdf" })] });
    await user.click(screen.getByRole("button", { name: "Open cbc.pdf" }));
    expect(opened.map((f) => f.name)).toEqual(["cbc.pdf"]);
  });

  it("attaches a chosen file into the chosen folder", async () => {
    const user = userEvent.setup();
    const { attached } = renderPanel();
    expect(screen.getByText("No files yet")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Attach file" }));
    const dialog = screen.getByRole("dialog", { name: "Attach a file" });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "x-ray.png", { type: "image/png" });
    await user.upload(within(dialog).getByLabelText("File"), png);
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Folder" }), "Imaging");
    await user.click(within(dialog).getByRole("button", { name: "Attach" }));
    await waitFor(() => expect(attached).toHaveLength(1));
    expect(attached[0].folder).toBe("Imaging");
    expect(attached[0].file.name).toBe("x-ray.png");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows why a file was refused and keeps the dialog open", async () => {
    const user = userEvent.setup();
    renderPanel({ onAttach: () => Promise.reject(new Error("Unsupported file type (allowed: pdf, doc)")) });
    await user.click(screen.getByRole("button", { name: "Attach file" }));
    const dialog = screen.getByRole("dialog", { name: "Attach a file" });
    await user.click(within(dialog).getByRole("button", { name: "Attach" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Choose a file to attach.");
    await user.upload(within(dialog).getByLabelText("File"), new File(["hello"], "notes.pdf", { type: "application/pdf" }));
    await user.click(within(dialog).getByRole("button", { name: "Attach" }));
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toContain("Unsupported file type"));
  });

  it("shows one folder at a time with each folder's count", async () => {
    const user = userEvent.setup();
    renderPanel({ files: [file({ name: "cbc.pdf" }), file({ name: "mri.pdf", folder: "Imaging" }), file({ name: "x.pdf", folder: "Imaging" })] });
    const folders = screen.getByRole("navigation", { name: "Folders" });
    expect(within(folders).getByRole("button", { name: "All files (3)" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(within(folders).getByRole("button", { name: "Imaging (2)" }));
    expect(screen.queryByRole("region", { name: "Labs" })).toBeNull();
    expect(within(screen.getByRole("region", { name: "Imaging" })).getAllByRole("listitem")).toHaveLength(2);
    await user.click(within(folders).getByRole("button", { name: "Consults (0)" }));
    expect(screen.getByText("No files in Consults")).toBeTruthy();
  });

  it("moves, renames (empty keeps the name) and deletes through the folder dialogs", async () => {
    const user = userEvent.setup();
    const edits: unknown[] = [];
    const onEdit = (edit: unknown) => Promise.resolve(void edits.push(edit));
    const cbc = file({ name: "cbc.pdf" });
    renderPanel({ files: [cbc, file({ name: "theirs.pdf", uploadedBy: "someone-else" })], onEdit, canEdit: (f) => f.uploadedBy === PATIENT });
    expect(screen.queryByRole("button", { name: "Move theirs.pdf" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Move cbc.pdf" }));
    const move = screen.getByRole("dialog", { name: "Move file" });
    await user.selectOptions(within(move).getByRole("combobox", { name: "Move to folder" }), "OutsideMedicalRecords");
    await user.click(within(move).getByRole("button", { name: "Move" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Rename cbc.pdf" }));
    const rename = screen.getByRole("dialog", { name: "Rename file" });
    await user.click(within(rename).getByRole("button", { name: "Rename" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // A name typed without an extension keeps the file's own (issue 32: it was dropped).
    await user.click(screen.getByRole("button", { name: "Rename cbc.pdf" }));
    await user.type(within(screen.getByRole("dialog", { name: "Rename file" })).getByRole("textbox", { name: "New name" }), "blood count");
    await user.click(within(screen.getByRole("dialog", { name: "Rename file" })).getByRole("button", { name: "Rename" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Delete cbc.pdf" }));
    await user.click(within(screen.getByRole("dialog", { name: "Delete file" })).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(edits).toHaveLength(4));
    expect(edits).toEqual([
      { id: cbc.id, folder: "OutsideMedicalRecords" },
      { id: cbc.id, name: "" },
      { id: cbc.id, name: "blood count.pdf" },
      { id: cbc.id, delete: true },
    ]);
  });

  it("a failed move stays in its dialog with the reason", async () => {
    const user = userEvent.setup();
    renderPanel({ files: [file({ name: "cbc.pdf" })], onEdit: () => Promise.reject(new Error("Your files stay in the PatientUploaded folder.")) });
    await user.click(screen.getByRole("button", { name: "Move cbc.pdf" }));
    const move = screen.getByRole("dialog", { name: "Move file" });
    await user.click(within(move).getByRole("button", { name: "Move" }));
    await waitFor(() => expect(within(move).getByRole("alert").textContent).toContain("PatientUploaded"));
  });
});
