/** SQL for the processor's customers: one per user, made once (./customers.ts). */
import type { Queryable } from "../../db/connect.ts";

export function createCustomersRepo(q: Queryable) {
  async function customerOf(userId: string): Promise<string | null> {
    const [row] = await q<{ customer_id: string }[]>`select customer_id from payment_customers where user_id = ${userId}`;
    return row?.customer_id ?? null;
  }
  return {
    customerOf,
    /** Keeps the first customer saved for the user (two requests at once make one at the processor); answers it. */
    async saveCustomer(userId: string, customerId: string): Promise<string> {
      await q`insert into payment_customers (user_id, customer_id) values (${userId}, ${customerId}) on conflict do nothing`;
      return (await customerOf(userId))!;
    },
  };
}
