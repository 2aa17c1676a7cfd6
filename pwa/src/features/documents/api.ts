/** The documents calls (02 §7) and their TanStack Query keys: `['documents', …]`. */
import type { ApiClient } from "../../lib/api/index.ts";
import type { ListResult } from "../../../../sync/envelope.ts";
import type { MedicalFolder } from "../../../../sync/collections/index.ts";
import type { DocumentListInput, DocumentView, FaxSendInput } from "../../../../sync/schemas/document.ts";

export const documentKeys = {
  all: ["documents"] as const,
  list: (input: DocumentListInput) => ["documents", "list", input] as const,
  faxCount: ["documents", "faxCount"] as const,
  users: (search: string) => ["documents", "users", search] as const,
  people: (role: string, search: string) => ["documents", "people", role, search] as const,
};

export type PersonOption = { id: string; name: string; email: string; role: string };

export const documentsApi = (api: ApiClient) => ({
  list: (input: DocumentListInput) => api.post<ListResult<DocumentView>>("/documents/list", input),
  get: (id: string) => api.get<DocumentView>(`/documents/${id}`),
  upload: (file: File, name: string) => {
    const form = new FormData();
    form.append("file", file);
    if (name.trim()) form.append("name", name.trim());
    return api.request<DocumentView>("POST", "/documents", { form });
  },
  shareToPatient: (id: string, body: { userId: string; folderId: MedicalFolder; newName: string }) =>
    api.post<DocumentView>(`/documents/share/patient/${id}`, body),
  unshare: (id: string) => api.put<DocumentView>(`/documents/unshare/${id}`),
  resend: (id: string) => api.put<DocumentView>(`/documents/resend/${id}`),
  remove: (id: string) => api.delete<{ id: string }>(`/documents/${id}`),
  fax: (input: FaxSendInput) => api.post<DocumentView>("/documents/fax", input),
  people: (role: "patient" | "doctor" | "vma", search: string) =>
    api.post<ListResult<PersonOption>>("/users/list/document/action", { search, role, limit: 20 }),
  shareWith: (id: string, userId: string) => api.put<DocumentView>(`/documents/share/${id}`, { userId }),
  attach: (id: string, userId: string) => api.put<DocumentView>(`/documents/attach/${id}`, { userId }),
  patients: (search: string) =>
    api.post<ListResult<PersonOption>>("/users/list/document/action", { search, role: "patient", limit: 20 }),
  faxCount: () => api.get<{ faxes: number }>("/documents/faxes/count"),
  /** The bytes as a download (the server sends them as an attachment). */
  async download(doc: Pick<DocumentView, "id" | "name">) {
    const response = await api.fetchRaw("GET", `/documents/${doc.id}/content`);
    const url = URL.createObjectURL(await response.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = doc.name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
});
