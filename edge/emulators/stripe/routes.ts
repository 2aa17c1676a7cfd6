/** Every REST route of the emulator, resource by resource. */
import type { Core } from "./core.ts";
import type { Route } from "./router.ts";
import { installBilling } from "./billing.ts";
import { customerRoutes } from "./resources/customers.ts";
import { paymentMethodRoutes } from "./resources/payment-methods.ts";
import { setupIntentRoutes } from "./resources/setup-intents.ts";
import { paymentIntentRoutes } from "./resources/payment-intents.ts";
import { chargeRoutes } from "./resources/charges.ts";
import { productRoutes } from "./resources/products.ts";
import { couponRoutes } from "./resources/coupons.ts";
import { subscriptionRoutes } from "./resources/subscriptions.ts";
import { scheduleRoutes } from "./resources/subscription-schedules.ts";
import { invoiceRoutes } from "./resources/invoices.ts";
import { eventRoutes } from "./resources/events.ts";
import { connectRoutes } from "./resources/connect.ts";
import { testClockRoutes } from "./resources/test-clocks.ts";

export function allRoutes(core: Core): Route[] {
  installBilling(core);
  return [
    ...customerRoutes(core),
    ...paymentMethodRoutes(core),
    ...setupIntentRoutes(core),
    ...paymentIntentRoutes(core),
    ...chargeRoutes(core),
    ...productRoutes(core),
    ...couponRoutes(core),
    ...subscriptionRoutes(core),
    ...scheduleRoutes(core),
    ...invoiceRoutes(core),
    ...eventRoutes(core),
    ...connectRoutes(core),
    ...testClockRoutes(core),
  ];
}
