import { Type } from 'typebox';
import { Timestamp } from '../../schemas/common.ts';

export const ServerConsoleSchema = Type.Object(
  {
    url: Type.String({
      format: 'uri',
      maxLength: 2048,
      description:
        'Where to open the WebSocket (`ws://` or `wss://`, on this listener), with a single-use token: no other credentials are needed or read. ' +
        "Binary frames carry the serial console's raw bytes both ways; nothing else is in the stream.",
    }),
    expires_at: Timestamp({ description: 'The token is refused from then on unless it was used: 60 seconds after it was made' }),
  },
  { title: 'ServerConsole' },
);
