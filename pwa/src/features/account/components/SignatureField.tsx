/**
 * The doctor's signature on their profile (issue 32; `PUT /doctors/sign`): the image on file, fetched with the
 * doctor's token (an <img> cannot send it), and an upload that checks the file on the device with the server's own
 * rule (`checkFile`: jpg or png by its bytes, at most 20 MB) before sending it. It is printed on the encounter
 * PDFs the doctor signs, downloaded or faxed.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { checkFile } from "../../../../../sync/files.ts";
import { SIGNATURE_MAX_BYTES } from "../../../../../sync/constants.ts";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useObjectUrl } from "../../../lib/use-object-url.ts";
import { Button, useSnackbar } from "../../../ui/index.ts";
import { useSession } from "../../auth/index.ts";

const signatureKey = (userId: string) => ["account", "signature", userId] as const;

export function SignatureField({ user }: { user: AuthUser }) {
  const api = useApi();
  const client = useQueryClient();
  const notify = useSnackbar();
  const { setUser } = useSession();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const image = useQuery({
    queryKey: signatureKey(user.id),
    queryFn: async ({ signal }) => await (await api.RAW("GET", "/users/{id}/sign", { path: { id: user.id }, signal })).blob(),
    enabled: Boolean(user.sign),
    staleTime: Infinity,
  });
  const url = useObjectUrl(image.data);

  async function upload(file: File) {
    setError(null);
    const check = checkFile(new Uint8Array(await file.slice(0, 64).arrayBuffer()), file.size, "signature", SIGNATURE_MAX_BYTES, file.name);
    if (!check.ok) return setError(check.message);
    setBusy(true);
    try {
      const form = new FormData();
      form.append("sign", file);
      // The route declares no JSON fields (`{}`); the form wins over it: the image goes as multipart.
      setUser(await api.PUT("/doctors/sign", { form }));
      await client.invalidateQueries({ queryKey: signatureKey(user.id) });
      notify("Signature saved: it is printed on the encounters you sign");
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="stack signature-field">
      {user.sign
        ? url
          ? <img className="signature-field__image" src={url} alt="Your signature" />
          : image.error ? <span className="muted">The image could not be loaded.</span> : <span className="muted">Loading…</span>
        : <span className="muted">Not uploaded: encounters you download or fax print as unsigned.</span>}
      <div>
        <Button variant="secondary" loading={busy} aria-describedby={`${inputId}-hint`} onClick={() => fileInput.current?.click()}>
          {user.sign ? "Replace signature" : "Upload signature"}
        </Button>
        <input
          ref={fileInput}
          aria-label="Signature image"
          className="visually-hidden"
          tabIndex={-1}
          type="file"
          accept="image/png,image/jpeg"
          disabled={busy}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = "";
            if (file) void upload(file);
          }}
        />
        <p id={`${inputId}-hint`} className="muted">A jpg or png image, at most 20 MB.</p>
      </div>
      {error && <p className="form-error" role="alert">{error}</p>}
    </div>
  );
}
