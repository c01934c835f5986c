import { Currency, Id, Money, Nullable, Text } from '../../schemas/common.ts';
import { Type, type Static } from 'typebox';
import { ProjectName, ProjectSlug, Role } from '../projects/index.ts';

export const CurrentUserSchema = Type.Object(
  {
    id: Id(),
    // What the users table holds: an e-mail address fits 254 characters (RFC 5321), names 100.
    email: Text(254, { format: 'email' }),
    first_name: Text(100),
    last_name: Text(100),
    billing_account: Nullable(
      Type.Object({
        exists: Type.Boolean(),
        credit_balance: Nullable(Money({ description: 'Decimal with two decimals; null when there is no account' })),
        currency: Nullable(Currency()),
      }),
      { description: 'Null when billing could not be read' },
    ),
    // Every project the user belongs to: membership has no limit, and the spec gives this list no pages.
    projects: Type.Array(Type.Object({ slug: ProjectSlug(), name: ProjectName(), role: Role })),
  },
  { title: 'CurrentUser' },
);

export type CurrentUser = Static<typeof CurrentUserSchema>;
