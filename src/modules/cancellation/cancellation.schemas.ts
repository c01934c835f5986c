// The cancel request on a server and its answer (spec "Cancel body").
import { Type, type Static } from 'typebox';
import { Nullable, Text } from '../../schemas/common.ts';

export const REASON_MAX_LENGTH = 1000;

const When = Type.Union([Type.Literal('end_of_term'), Type.Literal('immediate')], {
  description: '`end_of_term`: the server runs to the end of the paid period, then is deleted; `immediate`: deleted now',
});
export type CancellationKind = Static<typeof When>;

export const CancelBody = Type.Object(
  {
    when: When,
    // null counts as no reason, like leaving it out. Whether one is needed depends on `when`; the service checks that.
    reason: Type.Optional(Nullable(Text(REASON_MAX_LENGTH), { description: 'Up to 1000 characters; required for end_of_term' })),
  },
  { title: 'ServerCancelRequest' },
);
export type CancelBody = Static<typeof CancelBody>;

export const CancellationAnswerSchema = Type.Object(
  {
    status: Type.Literal('cancellation_requested'),
    when: When,
  },
  { title: 'ServerCancellation' },
);
export type CancellationAnswer = Static<typeof CancellationAnswerSchema>;
