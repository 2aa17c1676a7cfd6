/**
 * A query a form starts from: asked again on every visit (no cached copy of an older answer), never reloaded
 * by focus or reconnection while the form is being filled in.
 */
export const FORM_SOURCE = { gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;
