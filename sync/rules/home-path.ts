/** Home path after sign-in and role guards (01 §2), shared by the PWA and its tests. */
import type { Role } from "../roles.ts";

export type HomeUser = {
  role: Role;
  fullAccess: boolean;
  profileNotFilledStage: string | null;
} | null;

export function homePath(user: HomeUser): string {
  if (!user) return "/";
  switch (user.role) {
    case "admin":
      return "/admin";
    case "vma":
      return "/messages";
    case "doctor":
      return user.fullAccess ? "/home" : "/profile";
    case "patient":
      return user.profileNotFilledStage ? "/fillProfile" : "/home";
  }
}
