import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/index.ts';

export function healthRoutes(database: DatabaseHandle) {
  return async (app: FastifyInstance): Promise<void> => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        schema: {
          tags: ['meta'],
          response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), version: z.string() }) },
        },
      },
      async () => {
        await sql`select 1`.execute(database.db);
        return { status: 'ok' as const, database: database.kind, version: '1.2.0' };
      },
    );
  };
}
