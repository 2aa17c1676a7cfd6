/**
 * One-off invoice items of a subscription (`add_invoice_items` on create or update): a one-time `price`, or
 * `price_data` (currency, product, unit_amount). They wait on the subscription and go on its next invoice — on
 * create, the first invoice — once; a setup fee or a higher first payment is made this way.
 */
import { asInt, asString, invalid, type Params, required } from "../form.ts";
import type { Core } from "../core.ts";
import type { StoredObject } from "../store.ts";

export type OneOffItem = { price: string | null; product: string; unitAmount: number; quantity: number; description: string };

export function parseInvoiceItems(core: Core, value: unknown, currency: string): OneOffItem[] {
  if (value === undefined || value === "") return [];
  if (!Array.isArray(value)) throw invalid("Invalid array", "add_invoice_items");
  if (value.length > 20) throw invalid("You may pass up to 20 add_invoice_items.", "add_invoice_items");
  return (value as Params[]).map((entry, i) => {
    const param = `add_invoice_items[${i}]`;
    const quantity = asInt(entry.quantity, `${param}[quantity]`) ?? 1;
    if (quantity < 1) throw invalid("Invalid quantity: must be at least 1", `${param}[quantity]`);
    const priceId = asString(entry.price, `${param}[price]`);
    if (priceId) {
      const price = core.store.need("price", priceId, `${param}[price]`, "price");
      if (price.recurring) throw invalid("The price specified is set to `type=recurring` but this field only accepts prices with `type=one_time`.", `${param}[price]`);
      if (price.currency !== currency) throw invalid("The price's currency differs from the subscription's.", `${param}[price]`);
      return { price: price.id, product: price.product, unitAmount: price.unit_amount, quantity, description: descriptionOf(core, price.product, quantity) };
    }
    const data = entry.price_data as Params | undefined;
    if (!data) throw invalid(`You must pass either price or price_data for ${param}.`, param);
    const product = core.store.need("product", required(asString(data.product, `${param}[price_data][product]`), `${param}[price_data][product]`), `${param}[price_data][product]`, "product");
    if (required(asString(data.currency, `${param}[price_data][currency]`), `${param}[price_data][currency]`) !== currency) {
      throw invalid("The price's currency differs from the subscription's.", `${param}[price_data][currency]`);
    }
    const unitAmount = required(asInt(data.unit_amount, `${param}[price_data][unit_amount]`), `${param}[price_data][unit_amount]`);
    if (unitAmount < 0) throw invalid("Invalid integer: must be at least 0", `${param}[price_data][unit_amount]`);
    return { price: null, product: product.id, unitAmount, quantity, description: descriptionOf(core, product.id, quantity) };
  });
}

function descriptionOf(core: Core, productId: string, quantity: number): string {
  return `${quantity} × ${core.store.get(productId)?.name ?? "Item"}`;
}

/** The invoice lines of one-off items (not part of the subscription's period). */
export function oneOffLines(core: Core, items: OneOffItem[], invoice: { id: string; currency: string; periodStart: number; sub: StoredObject }) {
  return items.map((item) => ({
    id: core.id("il"),
    object: "line_item",
    amount: item.unitAmount * item.quantity,
    currency: invoice.currency,
    description: item.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoice.id,
    livemode: false,
    metadata: {},
    parent: { type: "invoice_item_details", invoice_item_details: { invoice_item: core.id("ii"), subscription: invoice.sub.id, proration: false } },
    period: { start: invoice.periodStart, end: invoice.periodStart },
    pricing: { type: "price_details", price_details: { price: item.price, product: item.product }, unit_amount_decimal: String(item.unitAmount) },
    quantity: item.quantity,
    price: null,
    subscription: invoice.sub.id,
  }));
}
