/** The documents calls (02 §7) and their TanStack Query keys: `['documents', …]`. */
import type { ApiClient } from "../../lib/api/index.ts";
import type { MedicalFolder } from "../../../../sync/collections/index.ts";
import type { DocumentListInput, DocumentView, FaxSendInput } from "../../../../sync/schemas/document.ts";
import { saveBlob } from "../../lib/save-blob.ts";

export const documentKeys = {
  all: ["documents"] as const,
  list: (input: DocumentListInput) => ["documents", "list", input] as const,
  faxCount: ["documents", "faxCount"] as const,
  users: (search: string) => ["documents", "users", search] as const,
  people: (role: string, search: string) => ["documents", "people", role, search] as const,
};

export const documentsApi = (api: ApiClient) => ({
  list: (input: DocumentListInput) => api.POST("/documents/list", { body: input }),
  get: (id: string) => api.GET("/documents/{id}", { path: { id } }),
  upload: (file: File, name: string) => {
    const form = new FormData();
    form.append("file", file);
    if (name.trim()) form.append("name", name.trim());
    return api.POST("/documents", { form });
  },
  shareToPatient: (id: string, body: { userId: string; folderId: MedicalFolder; newName: string }) =>
    api.POST("/documents/share/patient/{id}", { path: { id }, body }),
  unshare: (id: string) => api.PUT("/documents/unshare/{id}", { path: { id } }),
  resend: (id: string) => api.PUT("/documents/resend/{id}", { path: { id } }),
  remove: (id: string) => api.DELETE("/documents/{id}", { path: { id } }),
  fax: (input: FaxSendInput) => api.POST("/documents/fax", { body: input }),
  people: (role: "patient" | "doctor" | "vma", search: string) =>
    api.POST("/users/list/document/action", { body: { search, role, limit: 20 } }),
  shareWith: (id: string, userId: string) => api.PUT("/documents/share/{id}", { path: { id }, body: { userId } }),
  attach: (id: string, userId: string) => api.PUT("/documents/attach/{id}", { path: { id }, body: { userId } }),
  patients: (search: string) =>
    api.POST("/users/list/document/action", { body: { search, role: "patient", limit: 20 } }),
  faxCount: () => api.GET("/documents/faxes/count"),
  /** The bytes as a download (the server sends them as an attachment). */
  async download(doc: Pick<DocumentView, "id" | "name">) {
    const response = await api.RAW("GET", "/documents/{id}/content", { path: { id: doc.id } });
    saveBlob(await response.blob(), doc.name);
  },
});
