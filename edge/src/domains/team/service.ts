/** The practice team's services, built from the app's dependencies (app.ts calls this once). */
import type { Deps } from "../../deps.ts";
import type { AuthService } from "../auth/service.ts";
import type { NotificationsService } from "../notifications/service.ts";
import { createRegistrationService } from "../registration/service.ts";
import type { SyncWriter } from "../sync/writer.ts";
import { createContactsService } from "./contacts.ts";
import { createMacrosService } from "./macros.ts";
import { createTasksService } from "./tasks.ts";
import { createVmasService } from "./vmas.ts";

export function createTeamServices(deps: Deps & { write: SyncWriter; notifications: NotificationsService; auth: AuthService }) {
  const registration = createRegistrationService({ ...deps, endAllSessions: deps.auth.endAllSessions });
  return {
    vmas: createVmasService({
      ...deps,
      inviteVma: registration.inviteVma,
      endSessions: (userId, reason, keep) => deps.auth.endAllSessions(userId, reason, keep ?? null),
    }),
    tasks: createTasksService(deps),
    macros: createMacrosService(deps),
    contacts: createContactsService(deps),
  };
}
export type TeamServices = ReturnType<typeof createTeamServices>;
