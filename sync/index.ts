export * from "./envelope.ts";
export * from "./roles.ts";
export * from "./constants.ts";
export * from "./us-states.ts";
export * from "./rules/personal.ts";
export * from "./schemas/auth.ts";
export * from "./schemas/user.ts";
export * from "./rules/home-path.ts";
