// Some answers are one and the same object for every caller until it changes:
// the catalogue billing keeps until the operator replaces it (the change feed
// then brings a new object to every process). Turning it into JSON through the
// route's response schema cost more than the rest of such a request, so its
// JSON is made once per object, by the same serializer, and sent as it is.
// Keyed by the object itself: a new catalogue is a new key, and the old JSON
// goes with the old object.
import type { FastifyReply } from 'fastify';

const serialized = new WeakMap<object, string>();

export function sendSerializedOnce(reply: FastifyReply, payload: object): FastifyReply {
  let json = serialized.get(payload);
  if (json === undefined) {
    // The route's JSON serializer always answers a string; the wider type is for custom serializers, which cloudplane has none of.
    json = reply.serialize(payload) as string;
    serialized.set(payload, json);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
