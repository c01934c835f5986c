// The projects module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/projects/ but its unit tests imports its other files (.dependency-cruiser.js).
export { CONSOLE_ROLES, INVITATION_DAYS, MemberService, OWNER_NOT_IN_CONSOLE, ROLES } from './members.service.ts';
export { ProjectAccess } from './project-access.ts';
export type { AccessNeeds, MemberProjectRow } from './project-access.ts';
export { projectIdsOwnedBy } from './project-ownership.ts';
export { projectJobs } from './projects.jobs.ts';
export { projectRoutes } from './projects.routes.ts';
export { CreateProjectBody, ProjectName, ProjectParams, ProjectSlug, Role, SlugParam } from './projects.schemas.ts';
export type { Project } from './projects.schemas.ts';
export { ProjectService } from './projects.service.ts';
