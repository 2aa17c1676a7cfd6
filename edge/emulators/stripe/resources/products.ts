/** Products and prices (one-time or recurring day/week/month/year with an interval count up to one year). */
import { asBool, asInt, asString, invalid, type Params, required } from "../form.ts";
import { type Core, expandList, mergeMetadata } from "../core.ts";
import { route, type Route } from "../router.ts";
import type { StoredObject } from "../store.ts";

const MAX_COUNT: Record<string, number> = { day: 365, week: 52, month: 12, year: 1 };

export function productRoutes(core: Core): Route[] {
  return [
    route("POST", "/v1/products", ({ params }) => {
      const product = createProduct(core, params);
      return core.out(product, expandList(params));
    }),
    route("GET", "/v1/products/:id", ({ params, path }) => core.out(core.store.need("product", path.id, "id"), expandList(params))),
    route("POST", "/v1/products/:id", ({ params, path }) => {
      const product = core.store.need("product", path.id, "id");
      const name = asString(params.name, "name");
      if (name) product.name = name;
      const description = asString(params.description, "description");
      if (description !== undefined) product.description = description || null;
      const active = asBool(params.active, "active");
      if (active !== undefined) product.active = active;
      product.metadata = mergeMetadata(product.metadata, params.metadata);
      product.updated = core.now();
      core.emit("product.updated", product);
      return core.out(product, expandList(params));
    }),
    route("DELETE", "/v1/products/:id", ({ path }) => {
      const product = core.store.need("product", path.id, "id");
      if (core.store.all("price", (p) => p.product === product.id).length > 0) {
        throw invalid("This product cannot be deleted because it has one or more user-created prices.");
      }
      product.deleted = true;
      core.emit("product.deleted", product);
      return { id: product.id, object: "product", deleted: true };
    }),
    route("GET", "/v1/products", ({ params }) => {
      const active = asBool(params.active, "active");
      return core.list("/v1/products", core.store.all("product", (p) => active === undefined || p.active === active), params);
    }),
    route("POST", "/v1/prices", ({ params }) => core.out(createPrice(core, params), expandList(params))),
    route("GET", "/v1/prices/:id", ({ params, path }) => core.out(core.store.need("price", path.id, "price"), expandList(params))),
    route("POST", "/v1/prices/:id", ({ params, path }) => {
      const price = core.store.need("price", path.id, "price");
      const active = asBool(params.active, "active");
      if (active !== undefined) price.active = active;
      const nickname = asString(params.nickname, "nickname");
      if (nickname !== undefined) price.nickname = nickname || null;
      const lookup = asString(params.lookup_key, "lookup_key");
      if (lookup !== undefined) price.lookup_key = lookup || null;
      price.metadata = mergeMetadata(price.metadata, params.metadata);
      core.emit("price.updated", price);
      return core.out(price, expandList(params));
    }),
    route("GET", "/v1/prices", ({ params }) => {
      const product = asString(params.product, "product");
      const active = asBool(params.active, "active");
      const type = asString(params.type, "type");
      const keys = Array.isArray(params.lookup_keys) ? params.lookup_keys : undefined;
      const items = core.store.all("price", (p) =>
        (!product || p.product === product) && (active === undefined || p.active === active) && (!type || p.type === type) &&
        (!keys || keys.includes(p.lookup_key))
      );
      return core.list("/v1/prices", items, params);
    }),
  ];
}

function createProduct(core: Core, params: Params): StoredObject {
  const name = required(asString(params.name, "name"), "name");
  const id = asString(params.id, "id") || core.id("prod");
  if (core.store.get(id)) throw invalid(`Product already exists.`, "id");
  const product = core.insert({
    id,
    object: "product",
    active: asBool(params.active, "active") ?? true,
    created: core.now(),
    default_price: null,
    description: asString(params.description, "description") || null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: mergeMetadata({}, params.metadata),
    name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: "service",
    unit_label: null,
    updated: core.now(),
    url: null,
  });
  core.emit("product.created", product);
  return product;
}

function createPrice(core: Core, params: Params): StoredObject {
  const currency = required(asString(params.currency, "currency"), "currency").toLowerCase();
  const unitAmount = required(asInt(params.unit_amount, "unit_amount"), "unit_amount");
  if (unitAmount < 0) throw invalid("This value must be greater than or equal to 0.", "unit_amount");
  let productId = asString(params.product, "product");
  if (productId) core.store.need("product", productId, "product");
  else if (params.product_data?.name) productId = createProduct(core, { name: params.product_data.name, metadata: params.product_data.metadata }).id;
  else required(undefined, "product");
  let recurring = null;
  if (params.recurring) {
    const interval = required(asString(params.recurring.interval, "recurring[interval]"), "recurring[interval]");
    if (!(interval in MAX_COUNT)) throw invalid("Invalid recurring[interval]: must be one of day, week, month, or year", "recurring[interval]");
    const count = asInt(params.recurring.interval_count, "recurring[interval_count]") ?? 1;
    if (count < 1 || count > MAX_COUNT[interval]) {
      throw invalid("The maximum billing frequency is 1 year (1 year, 12 months, 52 weeks or 365 days).", "recurring[interval_count]");
    }
    recurring = { interval, interval_count: count, meter: null, trial_period_days: null, usage_type: "licensed" };
  }
  const price = core.insert({
    id: core.id("price"),
    object: "price",
    active: asBool(params.active, "active") ?? true,
    billing_scheme: "per_unit",
    created: core.now(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: asString(params.lookup_key, "lookup_key") ?? null,
    metadata: mergeMetadata({}, params.metadata),
    nickname: asString(params.nickname, "nickname") ?? null,
    product: productId!,
    recurring,
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? "recurring" : "one_time",
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  });
  core.emit("price.created", price);
  return price;
}
