import { acceptFor, allowedKindsText } from "../../../../../sync/files.ts";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useCurrentUser } from "../../auth/index.ts";
import { errorMessage } from "../../../lib/api/index.ts";
import { Button, ConfirmDialog, Dialog, EmptyState, Pager, Select, Spinner, TextField, useOffsetInRange, useSnackbar } from "../../../ui/index.ts";
import {
  DOC_TYPES,
  type DocType,
  type DocumentListInput,
  type DocumentView,
  RESENDABLE_STATUSES,
  type FaxStatus,
} from "../../../../../sync/schemas/document.ts";
import { FOLDER_LABELS, formatSize } from "../../patients/index.ts";
import { documentKeys } from "../api.ts";
import { FaxSendDialog, type FaxSource } from "../components/FaxSendDialog.tsx";
import { ShareToPatientDialog } from "../components/ShareToPatientDialog.tsx";
import { type PickAction, PickPersonDialog } from "../components/PickPersonDialog.tsx";
import { useDocumentList, useDocumentsApi } from "../hooks/use-documents.ts";
import { useActorLabel } from "../../sync/index.ts";

/** Documents per page. */
export const DOCUMENTS_PAGE = 20;
const TYPE_LABELS: Record<DocType, string> = { incoming_faxes: "Received faxes", outgoing_faxes: "Sent faxes", documents: "Documents" };
const SORTS = [
  { value: "createdAt:desc", label: "Newest first" },
  { value: "createdAt:asc", label: "Oldest first" },
  { value: "name:asc", label: "Name A–Z" },
  { value: "status:asc", label: "Status" },
];
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * `/doctor/documents`, `/vma/documents` (the practice's documents and faxes)
 * and `/admin/documents` (the platform's documents: agreements). Sent and
 * received lists with type, search, sort and paging; live through socket events.
 */
export function DocumentsPage() {
  const user = useCurrentUser();
  const actorLabel = useActorLabel();
  const isAdmin = user.role === "admin";
  const [box, setBox] = useState<"received" | "sent">(isAdmin ? "sent" : "received");
  const [docType, setDocType] = useState<DocType | "">("");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState("createdAt:desc");
  const [offset, setOffset] = useState(0);
  const [sharing, setSharing] = useState<DocumentView | null>(null);
  const [faxing, setFaxing] = useState<FaxSource | null>(null);
  const [deleting, setDeleting] = useState<DocumentView | null>(null);
  const [uploading, setUploading] = useState(false);
  const [picking, setPicking] = useState<PickAction | null>(null);
  const [field, order] = sort.split(":") as ["createdAt" | "name" | "status", "asc" | "desc"];
  const input: DocumentListInput = {
    box, ...(docType ? { docType } : {}), filter: search.trim() ? { search: search.trim() } : {}, sort: { field, order },
    offset, limit: DOCUMENTS_PAGE,
  };
  const list = useDocumentList(input);
  // A document deleted (here, or by someone else in the practice: the list is live) can empty the last page.
  useOffsetInRange(offset, DOCUMENTS_PAGE, list.data?.totalCount, setOffset);
  const docs = useDocumentsApi();
  const client = useQueryClient();
  const notify = useSnackbar();
  const refresh = () => client.invalidateQueries({ queryKey: documentKeys.all });

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      await refresh();
      notify(done, "success");
    } catch (error) {
      notify(errorMessage(error), "error");
    }
  };
  const open = async (doc: DocumentView) => {
    try {
      await docs.download(doc);
      await refresh();
    } catch (error) {
      notify(errorMessage(error), "error");
    }
  };

  const total = list.data?.totalCount ?? 0;
  const rows = list.data?.list ?? [];
  return (
    <div className="stack documents-page">
      <title>Documents · DPC Telehealth</title>
      <header className="row documents-page__header">
        <h1>{isAdmin ? "Platform documents" : "Documents and faxes"}</h1>
        <Button variant="secondary" onClick={() => setUploading(true)}>Upload document</Button>
      </header>
      {isAdmin && <p className="muted">Agreements and other documents of the platform (PDF). Patients' documents stay with their practice.</p>}
      <div className="row" role="tablist" aria-label="Lists">
        {(["received", "sent"] as const).map((b) => (
          <Button
            key={b}
            role="tab"
            variant={box === b ? "primary" : "secondary"}
            aria-selected={box === b}
            onClick={() => {
              setBox(b);
              setOffset(0);
            }}
          >
            {b === "received" ? "Received" : "Sent"}
          </Button>
        ))}
      </div>
      <form className="row documents-page__filters" role="search" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <TextField label="Search" type="search" value={search} maxLength={100} onChange={(v) => {
          setSearch(v);
          setOffset(0);
        }} />
        {!isAdmin && (
          <Select
            label="Type"
            value={docType}
            placeholder="All types"
            options={DOC_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            onChange={(v) => {
              setDocType(v as DocType | "");
              setOffset(0);
            }}
          />
        )}
        <Select label="Sort" value={sort} options={SORTS} onChange={(next) => {
          setSort(next);
          setOffset(0);
        }} />
      </form>

      <section aria-labelledby="documents-list-title" aria-busy={list.isFetching}>
        <h2 id="documents-list-title" className="visually-hidden">{box === "received" ? "Received" : "Sent"} documents</h2>
        {list.isLoading && <Spinner size={32} label="Loading documents" />}
        {list.isError && (
          <EmptyState title="The documents could not be loaded" action={<Button onClick={() => void list.refetch()}>Try again</Button>}>
            {errorMessage(list.error)}
          </EmptyState>
        )}
        {list.isSuccess && rows.length === 0 && (
          <EmptyState title={box === "received" ? "Nothing received yet" : "Nothing sent yet"}>
            {box === "received" ? "Faxes sent to your practice's number arrive here the moment they come in." : "Documents you upload and faxes you send are listed here."}
          </EmptyState>
        )}
        {rows.length > 0 && (
          <ul className="document-list">
            {rows.map((doc) => (
              <li key={doc.id} className={doc.isNew ? "document-row document-row--new" : "document-row"} aria-label={doc.name}>
                <div className="document-row__main">
                  <span className="document-row__name">{doc.isNew && <span className="document-row__new">New</span>}{doc.name}</span>
                  <span className="muted">
                    {TYPE_LABELS[doc.docType]} · {dateTime.format(new Date(doc.createdAt))} · {formatSize(doc.size)}
                    {doc.faxNumber ? ` · ${doc.box === "sent" ? "to" : "from"} ${doc.faxNumber}` : ""}
                    {doc.box === "sent" && actorLabel(doc.createdBy) ? ` · by ${actorLabel(doc.createdBy)}` : ""}
                  </span>
                  {doc.docType !== "documents" && (
                    <span className={`fax-status fax-status--${doc.status.replace(" ", "-")}`} data-testid="fax-status">
                      {statusLabel(doc.status)}{doc.statusMessage ? `: ${doc.statusMessage}` : ""}
                    </span>
                  )}
                  {!doc.isShared && doc.patient && <span className="muted">About {doc.patient.name}</span>}
                  {doc.sharedWith.length > 0 && <span className="muted">Shared with {doc.sharedWith.map((u) => u.name).join(", ")}</span>}
                  {doc.isShared && doc.patient && (
                    <span className="muted">Shared with {doc.patient.name} in {FOLDER_LABELS[doc.folder as keyof typeof FOLDER_LABELS] ?? doc.folder}</span>
                  )}
                </div>
                <div className="row document-row__actions">
                  <Button variant="text" aria-label={`Open ${doc.name}`} onClick={() => void open(doc)}>Open</Button>
                  {!isAdmin && !doc.isShared && (
                    <Button variant="text" aria-label={`Share ${doc.name} to a patient`} onClick={() => setSharing(doc)}>Share to patient</Button>
                  )}
                  {!isAdmin && (
                    <Button variant="text" aria-label={`Share ${doc.name} with the care team`} onClick={() => setPicking({ kind: "share", doc })}>
                      Share with team
                    </Button>
                  )}
                  {!isAdmin && !doc.patient && (
                    <Button variant="text" aria-label={`Attach ${doc.name} to a patient`} onClick={() => setPicking({ kind: "attach", doc })}>
                      Attach
                    </Button>
                  )}
                  {!isAdmin && doc.isShared && (
                    <Button variant="text" aria-label={`Unshare ${doc.name}`} onClick={() => void act(() => docs.unshare(doc.id), "Unshared")}>
                      Unshare
                    </Button>
                  )}
                  {!isAdmin && doc.contentType === "application/pdf" && doc.docType !== "outgoing_faxes" && (
                    <Button variant="text" aria-label={`Fax ${doc.name}`} onClick={() => setFaxing({ documentId: doc.id, label: doc.name })}>
                      Fax
                    </Button>
                  )}
                  {!isAdmin && doc.docType === "outgoing_faxes" && RESENDABLE_STATUSES.includes(doc.status as FaxStatus) && (
                    <Button variant="text" aria-label={`Resend ${doc.name}`} onClick={() => void act(() => docs.resend(doc.id), "Fax queued again")}>
                      Resend
                    </Button>
                  )}
                  <Button variant="text" aria-label={`Delete ${doc.name}`} onClick={() => setDeleting(doc)}>Delete</Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager offset={offset} limit={DOCUMENTS_PAGE} total={total} busy={list.isPlaceholderData} onChange={setOffset} label="Documents pages" />
      </section>

      <ShareToPatientDialog doc={sharing} onClose={() => setSharing(null)} />
      <FaxSendDialog source={faxing} onClose={() => setFaxing(null)} />
      <PickPersonDialog action={picking} onClose={() => setPicking(null)} />
      <UploadDialog open={uploading} admin={isAdmin} onClose={() => setUploading(false)} />
      {deleting && (
        <ConfirmDialog
          title="Delete document"
          summary={`Delete ${deleting.name}? It leaves the lists of everyone in your practice.`}
          confirmLabel="Delete"
          danger
          onConfirm={async () => {
            await docs.remove(deleting.id);
            await refresh();
          }}
          onClose={() => setDeleting(null)}
          describeFailure={errorMessage}
        />
      )}
    </div>
  );
}

export function statusLabel(status: DocumentView["status"]): string {
  if (status === "stored") return "Stored";
  return status.charAt(0).toUpperCase() + status.slice(1);
}

function UploadDialog({ open, admin, onClose }: { open: boolean; admin: boolean; onClose: () => void }) {
  const docs = useDocumentsApi();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setFile(null);
    setName("");
    setFailure(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFailure("Choose a file.");
    setBusy(true);
    setFailure(null);
    try {
      await docs.upload(file, name);
      await client.invalidateQueries({ queryKey: documentKeys.all });
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} title="Upload document" onClose={close}>
      <form className="stack" onSubmit={(e) => void submit(e)} aria-label="Upload document" noValidate>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="document-file">File</label>
          <input id="document-file" type="file" className="ui-input" accept={acceptFor(admin ? "agreement" : "note")}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          <span className="ui-field__hint">{admin ? "PDF only" : allowedKindsText("note")}, at most 20 MB.</span>
        </div>
        <TextField label="Name" value={name} onChange={setName} maxLength={255} hint="Leave it empty to keep the file's name." />
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row">
          <Button type="submit" loading={busy}>Upload</Button>
          <Button variant="secondary" onClick={close}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}
