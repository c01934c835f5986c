import { Type, type Static } from 'typebox';

export const SlugParam = Type.String({ pattern: '^[-A-Za-z0-9_]+$', minLength: 1, maxLength: 50 });
export const ProjectParams = Type.Object({ project_slug: SlugParam });

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: '1–100 characters, not only spaces' });

export const ProjectSchema = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  role: Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')]),
  status: Type.Union([Type.Literal('setting_up'), Type.Literal('ready'), Type.Literal('deleting')], {
    description: 'setting_up until the provisioning system confirms the project',
  }),
  created_at: Type.String({ format: 'date-time' }),
});

export const CreateProjectBody = Type.Object({
  name: Name,
  slug: Type.Optional(SlugParam),
});
export const ReplaceProjectBody = Type.Object({ name: Name });
export const UpdateProjectBody = Type.Object({ name: Type.Optional(Name) });

export type Project = Static<typeof ProjectSchema>;
export type CreateProjectInput = Static<typeof CreateProjectBody>;
