/** A user's customer at the processor, made once (idempotent at the processor too). */
import type { Deps } from "../../deps.ts";
import { createCustomersRepo } from "./repo.ts";

export function createCustomers(deps: Pick<Deps, "sql" | "payments">) {
  const repo = createCustomersRepo(deps.sql);
  return {
    async ensure(userId: string, email: string, name: string) {
      const known = await repo.customerOf(userId);
      if (known) return known;
      const id = await deps.payments.createCustomer({ email, name, userId });
      return await repo.saveCustomer(userId, id);
    },
    of: (userId: string) => repo.customerOf(userId),
  };
}
