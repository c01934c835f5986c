import { Type, type Static } from 'typebox';
import { Text, Timestamp } from '../../schemas/common.ts';

/** `^[-\w]+$` (spec), 1–50 characters (D1). */
export const ProjectSlug = (options: { description?: string } = {}) => Text(50, { minLength: 1, pattern: '^[-A-Za-z0-9_]+$', ...options });
export const SlugParam = ProjectSlug();
export const ProjectParams = Type.Object({ project_slug: SlugParam });

/** 1–100 characters, not only spaces (D1); stored trimmed. */
export const ProjectName = (options: { description?: string } = {}) => Text(100, { minLength: 1, pattern: '\\S', ...options });
const Name = ProjectName({ description: '1–100 characters, not only spaces' });

export const Role = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')], { title: 'ProjectRole' });
export type Role = Static<typeof Role>;

export const ProjectSchema = Type.Object(
  {
    slug: ProjectSlug(),
    name: ProjectName(),
    role: Role,
    status: Type.Union([Type.Literal('setting_up'), Type.Literal('ready'), Type.Literal('deleting')], {
      description: 'setting_up until the provisioning system confirms the project',
    }),
    created_at: Timestamp(),
  },
  { title: 'Project' },
);

export const CreateProjectBody = Type.Object(
  {
    name: Name,
    slug: Type.Optional(SlugParam),
  },
  { title: 'ProjectCreateRequest' },
);
export const ReplaceProjectBody = Type.Object({ name: Name }, { title: 'ProjectReplaceRequest' });
export const UpdateProjectBody = Type.Object({ name: Type.Optional(Name) }, { title: 'ProjectUpdateRequest' });

export type Project = Static<typeof ProjectSchema>;
export type CreateProjectInput = Static<typeof CreateProjectBody>;
