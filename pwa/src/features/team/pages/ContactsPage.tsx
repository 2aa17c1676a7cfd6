/**
 * `/doctor/contacts`, `/vma/contacts`: the practice's address book;
 * `/admin/contacts`: the platform's shared directory (admins). Ordered by name
 * (02 §7 `contactsOrder`), search, paging, create, edit and delete.
 */
import { useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { CONTACT_KINDS, contactSchema, type ContactView } from "../../../../../sync/schemas/team.ts";
import { Button, ConfirmDialog, EmptyState, Pager, Select, Spinner, TextField, useOffsetInRange, useSnackbar } from "../../../ui/index.ts";
import { errorText } from "../lib/keys.ts";

/** Contacts per page. */
export const CONTACTS_PAGE = 20;
const EMPTY = { name: "", organization: "", kind: "", phone: "", fax: "", email: "", address: "", notes: "" };
type Form = typeof EMPTY;
/** What the edge answers an input its schema refuses (edge/src/http/validate.ts), said here when the form checks first. */
const CORRECT_FIELDS = "Please correct the highlighted fields";

export function ContactsPage({ admin = false }: { admin?: boolean }) {
  const { api } = useAppDeps();
  const notify = useSnackbar();
  const client = useQueryClient();
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const contacts = useQuery({
    queryKey: ["contacts", { search, offset }],
    queryFn: () => api.POST("/contacts/list", { body: { search: search || undefined, offset, limit: CONTACTS_PAGE } }),
    // The page shown stays (and its pager with it) while the next one loads.
    placeholderData: keepPreviousData,
  });
  // A contact deleted can empty the last page: back to the last page that has contacts.
  useOffsetInRange(offset, CONTACTS_PAGE, contacts.data?.totalCount, setOffset);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ContactView | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ["contacts"] });
  // The route's own schema (the one the edge checks with) types the body; the refusal is said in the form, not in a snackbar.
  const contactForm = useForm({ schema: contactSchema, initial: EMPTY, idPrefix: "contact", announceFailure: false });
  const { values: form, errors } = contactForm;
  const submit = contactForm.handleSubmit(async (contact) => {
    await (editing ? api.PUT("/contacts/edit/{id}", { path: { id: editing }, body: contact }) : api.POST("/contacts", { body: contact }));
    notify(editing ? "Contact saved" : "Contact added");
    setEditing(null);
    contactForm.reset(EMPTY);
    void refresh();
  });
  // What the form itself refuses is said as the edge would.
  const failure = contactForm.formError ?? errors._ ?? (Object.keys(errors).length > 0 ? CORRECT_FIELDS : null);
  const field = (key: keyof Form, label: string, type = "text") => (
    <TextField label={label} type={type} value={form[key]} error={errors[key]} onChange={(v) => contactForm.set(key, v)} />
  );

  return (
    <div className="stack">
      <title>Contacts · DPC Telehealth</title>
      <h1>{admin ? "Shared contact directory" : "Contacts"}</h1>
      <TextField label="Search contacts" type="search" value={search} onChange={(v) => { setSearch(v); setOffset(0); }} />
      {contacts.isPending ? <Spinner label="Loading contacts" /> : contacts.isError
        ? <p role="alert">{errorText(contacts.error)} <Button variant="text" onClick={() => void contacts.refetch()}>Retry</Button></p>
        : contacts.data.list.length === 0 ? <EmptyState title={search ? "No contacts match" : "No contacts yet"}>Add specialists, labs, imaging centres and pharmacies below.</EmptyState>
        : (
          <ul className="stack" style={{ listStyle: "none", padding: 0 }} aria-label="Contacts">
            {contacts.data.list.map((c) => (
              <li key={c.id} className="card row" style={{ flexWrap: "wrap", gap: "0.5rem", alignItems: "center" }}>
                <span style={{ flex: "1 1 14rem" }}>
                  <strong>{c.name}</strong>{c.organization ? ` · ${c.organization}` : ""} · {c.kind}
                  <br /><small>{[c.phone && `Phone ${c.phone}`, c.fax && `Fax ${c.fax}`, c.email].filter(Boolean).join(" · ")}</small>
                </span>
                <Button variant="secondary" aria-label={`Edit ${c.name}`} onClick={() => {
                  setEditing(c.id);
                  contactForm.reset({ name: c.name, organization: c.organization, kind: c.kind, phone: c.phone, fax: c.fax, email: c.email, address: c.address, notes: c.notes });
                }}>Edit</Button>
                <Button variant="danger" aria-label={`Delete ${c.name}`} onClick={() => setDeleting(c)}>Delete</Button>
              </li>
            ))}
          </ul>
        )}
      {contacts.data && (
        <Pager offset={offset} limit={CONTACTS_PAGE} total={contacts.data.totalCount} busy={contacts.isPlaceholderData} onChange={setOffset} label="Contacts pages" />
      )}
      <section className="card stack" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">{editing ? "Edit contact" : "New contact"}</h2>
        <form className="stack" onSubmit={submit} noValidate>
          {field("name", "Name")}
          {field("organization", "Organization")}
          <Select label="Kind" value={form.kind} placeholder="Choose" error={errors.kind}
            options={CONTACT_KINDS.map((k) => ({ value: k, label: k }))} onChange={(kind) => contactForm.set("kind", kind)} />
          {field("phone", "Phone", "tel")}
          {field("fax", "Fax", "tel")}
          {field("email", "Email", "email")}
          {field("address", "Address")}
          <TextField label="Notes" multiline value={form.notes} error={errors.notes} onChange={(notes) => contactForm.set("notes", notes)} />
          {failure && <p role="alert" className="ui-field__error">{failure}</p>}
          <div className="row" style={{ gap: "0.5rem" }}>
            <Button type="submit" loading={contactForm.submitting}>{editing ? "Save contact" : "Add contact"}</Button>
            {editing && <Button variant="text" onClick={() => { setEditing(null); contactForm.reset(EMPTY); }}>Cancel</Button>}
          </div>
        </form>
      </section>
      {deleting && (
        <ConfirmDialog title={`Delete ${deleting.name}?`} summary="The contact leaves the address book." confirmLabel="Delete" danger
          onConfirm={async () => { await api.DELETE("/contacts/{id}", { path: { id: deleting.id } }); notify("Contact deleted"); await refresh(); }}
          onClose={() => setDeleting(null)} describeFailure={errorText} />
      )}
    </div>
  );
}
