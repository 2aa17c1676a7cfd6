import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useApi } from "../../../lib/app-deps.tsx";
import { isApiError } from "../../../lib/api/api-error.ts";
import { Spinner } from "../../../ui/index.ts";
import { agreementKeys, dateOnly } from "../api.ts";

type Props = {
  name: string;
  /** The product's own copy of a built-in agreement (terms, privacy…), shown above the admin's file. */
  builtIn?: ReactNode;
  notFound: ReactNode;
};

/**
 * `/agreement/{name}`: an agreement the admins manage (`GET /agreements/{name}`):
 * its title, date, version, text and PDF. Built-in agreements keep their page
 * and gain the PDF link and version when the admins attached them.
 */
export function ManagedAgreementPage({ name, builtIn, notFound }: Props) {
  const api = useApi();
  const agreement = useQuery({
    queryKey: agreementKeys.one(name),
    queryFn: ({ signal }) => api.GET("/agreements/{name}", { path: { name }, signal }),
    retry: (count, error) => !(isApiError(error) && error.code === 404) && count < 1,
  });
  const a = agreement.data;
  const meta = a && (
    <p className="muted">
      Effective {dateOnly(a.date)} · version {a.version}
      {a.hasPdf && <> · <a href={`/api/v1/agreements/${encodeURIComponent(a.name)}/pdf`}>Download the PDF</a></>}
    </p>
  );
  if (builtIn) return <>{builtIn}{meta && <div className="public-page">{meta}</div>}</>;
  if (agreement.isPending) return <Spinner label="Loading the agreement" />;
  if (!a) return <>{notFound}</>;
  return (
    <article className="public-page stack">
      <title>{`${a.title} · DPC Telehealth`}</title>
      <h1>{a.title}</h1>
      {meta}
      {a.body && <div style={{ whiteSpace: "pre-wrap" }}>{a.body}</div>}
    </article>
  );
}
