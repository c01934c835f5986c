import { Nullable } from '../../http/common.schemas.ts';
import { Type, type Static } from 'typebox';


export const CurrentUserSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  billing_account: Nullable(
    Type.Object({
      exists: Type.Boolean(),
      credit_balance: Nullable(Type.String({ description: 'Decimal with two decimals; null when there is no account' })),
      currency: Nullable(Type.String()),
    }, { description: 'Null when billing could not be read' }),
  ),
  projects: Type.Array(
    Type.Object({
      slug: Type.String(),
      name: Type.String(),
      role: Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')]),
    }),
  ),
});

export type CurrentUser = Static<typeof CurrentUserSchema>;
