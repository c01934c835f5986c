import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/common.schemas.ts';
import { ServerId } from '../servers/servers.schemas.ts';
import { SlugParam } from '../projects/projects.schemas.ts';
import { MAX_PTR_LENGTH } from './ptr-name.ts';

export const ReverseDnsEntrySchema = Type.Object({
  address: Type.String({ description: 'The address in canonical form (dotted quad; RFC 5952 for IPv6)' }),
  ptr: Nullable(Type.String({ description: 'The PTR name, without a trailing dot; null when none is set' })),
});

export const ReverseDnsAddressParams = Type.Object({
  project_slug: SlugParam,
  server_id: ServerId,
  // Longest valid IPv6 text (with an embedded IPv4 tail) is 45 characters; a little room is left for a zone id to be refused by name.
  address: Type.String({ minLength: 1, maxLength: 64, description: "One of the server's IPv4 addresses, or any address in one of its IPv6 subnets, written any valid way" }),
});

export const SetPtrBody = Type.Object({
  ptr: Type.String({
    maxLength: MAX_PTR_LENGTH,
    description: 'A domain name of up to 255 ASCII characters, no trailing dot; labels of 1–63 letters, digits and hyphens, not starting or ending with a hyphen',
  }),
});

export type ReverseDnsEntry = Static<typeof ReverseDnsEntrySchema>;
