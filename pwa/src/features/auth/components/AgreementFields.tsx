import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { REQUIRED_AGREEMENTS } from "../../../../../sync/constants.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Checkbox } from "../../../ui/index.ts";

const LABELS: Record<(typeof REQUIRED_AGREEMENTS)[number], { text: string; href: string }> = {
  terms: { text: "Terms and Conditions", href: "/terms-and-conditions" },
  privacy: { text: "Privacy Policy", href: "/privacy-policy" },
  prescription: { text: "Prescription Policy", href: "/prescription-policy" },
};

type AgreementFieldsProps = {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  fieldId: (name: string) => string;
};

/**
 * The three required acceptances (01 §5), and the agreements admins placed on
 * the sign-up form (`GET /agreements?placement=signup`, issue 18); each links to
 * its page in a new tab so the form keeps its state.
 */
export function AgreementFields({ value, onChange, error, fieldId }: AgreementFieldsProps) {
  const api = useApi();
  // Keyed under "agreements", so what invalidates the agreements (an admin's change) covers this list too.
  const signup = useQuery({
    queryKey: ["agreements", "placement", "signup"],
    queryFn: ({ signal }) =>
      api.GET("/agreements", { query: { placement: "signup" }, signal, auth: false }).catch(() => []),
  });
  const extra = (signup.data ?? []).filter((a) => !(REQUIRED_AGREEMENTS as readonly string[]).includes(a.name));
  const toggle = (name: string, checked: boolean) =>
    onChange(checked ? [...new Set([...value, name])] : value.filter((item) => item !== name));
  return (
    <fieldset className="ui-fieldset" aria-describedby={error ? `${fieldId("agreements")}-error` : undefined}>
      <legend>Agreements</legend>
      {REQUIRED_AGREEMENTS.map((name, index) => (
        <Checkbox
          key={name}
          id={index === 0 ? fieldId("agreements") : fieldId(`agreements-${name}`)}
          name="agreements"
          value={name}
          checked={value.includes(name)}
          onChange={(checked) => toggle(name, checked)}
          label={
            <>
              I accept the{" "}
              <Link to={LABELS[name].href} target="_blank" rel="noopener">
                {LABELS[name].text}
              </Link>
            </>
          }
        />
      ))}
      {extra.map((a) => (
        <Checkbox
          key={a.name}
          id={fieldId(`agreements-${a.name}`)}
          name="agreements"
          value={a.name}
          checked={value.includes(a.name)}
          onChange={(checked) => toggle(a.name, checked)}
          label={
            <>
              I accept the{" "}
              <Link to={`/agreement/${a.name}`} target="_blank" rel="noopener">{a.title}</Link>
              {a.required ? "" : " (optional)"}
            </>
          }
        />
      ))}
      {error && <p id={`${fieldId("agreements")}-error`} className="ui-field__error" role="alert">{error}</p>}
    </fieldset>
  );
}
