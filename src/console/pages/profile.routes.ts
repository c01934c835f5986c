// Placeholder: the profile pages are being written.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

export async function profilePages(_app: FastifyInstance, _options: { services: Services }): Promise<void> {}
