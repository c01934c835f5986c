import { Type, type Static } from 'typebox';
import { Nullable, Text } from '../../schemas/common.ts';
import { ServerId } from '../servers/index.ts';
import { SlugParam } from '../projects/index.ts';
import { MAX_PTR_LENGTH } from './ptr-name.ts';

export const ReverseDnsEntrySchema = Type.Object(
  {
    // An IPv6 address in RFC 5952 form is at most 39 characters, 45 with a dotted IPv4 tail.
    address: Text(45, { description: 'The address in canonical form (dotted quad; RFC 5952 for IPv6)' }),
    ptr: Nullable(Text(MAX_PTR_LENGTH, { description: 'The PTR name, without a trailing dot; null when none is set' })),
  },
  { title: 'ReverseDnsEntry' },
);

export const ReverseDnsAddressParams = Type.Object({
  project_slug: SlugParam,
  server_id: ServerId,
  // Longest valid IPv6 text (with an embedded IPv4 tail) is 45 characters; a little room is left for a zone id to be refused by name.
  address: Text(64, { minLength: 1, description: "One of the server's IPv4 addresses, or any address in one of its IPv6 subnets, written any valid way" }),
});

export const SetPtrBody = Type.Object(
  {
    ptr: Text(MAX_PTR_LENGTH, {
      description: 'A domain name of up to 255 ASCII characters, no trailing dot; labels of 1–63 letters, digits and hyphens, not starting or ending with a hyphen',
    }),
  },
  { title: 'ReverseDnsSetRequest' },
);

export type ReverseDnsEntry = Static<typeof ReverseDnsEntrySchema>;
