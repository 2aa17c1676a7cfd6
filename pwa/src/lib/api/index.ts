export { ApiError, BROKEN_RESPONSE_MESSAGE, errorMessage, isApiError, NETWORK_ERROR_MESSAGE } from "./api-error.ts";
export { type ApiEventMap, type ApiEvents, createApiEvents } from "./api-events.ts";
export { API_BASE, type ApiClient, type ApiTransport, createApiClient, type RequestOptions } from "./client.ts";
export { toFormData } from "./multipart.ts";
export { type ApiInit, type ApiPath, type ApiResult, fillPath, type TypedApi } from "./typed.ts";
