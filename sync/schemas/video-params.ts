/**
 * Path parameters of the video routes: the gateway number of the Janus proxy
 * (`/video/gateway/<n>/janus/...`). A number no gateway has answers 404 (the route); anything but digits, 400.
 */
import { z } from "zod";

export const gatewayParamSchema = z.object({
  n: z.string().regex(/^[0-9]{1,9}$/, "Use the gateway's number").transform(Number),
});
