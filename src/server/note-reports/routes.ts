import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_CRITERIA, NOTES_REPORT_SCOPE } from '../../shared/audit-criteria';
import {
  auditCriteriaSchema,
  noteReportBatchSchema,
  noteReportResultsSchema,
} from '../../shared/schemas/note-reports';
import { forbidden, unauthorized } from '../lib/http-error';
import { errors } from '../openapi';
import { noteReportService } from './note-report-service';

const TOKEN_REQUIRED =
  'A note-app access token is required: client credentials from /oidc/token, as a Bearer token.';

const REPORTS_BODY_LIMIT = 1024 * 1024;

/**
 * Called by the note app's server, not a browser: no Origin to check (the check guards cookie sessions, and
 * a cookie never authenticates here; the bearer token does).
 */
export const NOTE_APP_ORIGIN_EXEMPT = ['/api/note-app/reports'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The note-app client whose token the request carries: on the note app's own routes only. */
    noteAppClientId?: string;
  }
}

/**
 * The note app's server, by its client-credentials token (docs/note-app-integration.md#reports): a token the
 * provider issued to a configured client, unexpired, with `scope`. A cookie never authenticates here, and a
 * person's access token is no client's (it is not a client-credentials token): 401; a token without the
 * scope: 403.
 */
function noteAppClient(scope: string) {
  return async function clientGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const match = /^Bearer ([\w.~+/-]+=*)$/.exec(request.headers.authorization ?? '');
    const provider = request.server.ctx.oidcProvider?.current;
    const token = match && provider ? await provider.ClientCredentials.find(match[1]!) : undefined;
    const clientId = token && !token.isExpired ? token.clientId : undefined;
    if (!clientId || !(await provider?.Client.find(clientId))) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized(TOKEN_REQUIRED);
    }
    if (!token?.scopes.has(scope)) throw forbidden(`This token does not carry the ${scope} scope.`);
    request.noteAppClientId = clientId;
  };
}

/** What the note app's server calls, and the criteria it audits against. */
export const noteReportRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const reports = noteReportService(app.ctx);

  app.get(
    '/api/audit-criteria',
    { schema: { response: { 200: auditCriteriaSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { ...AUDIT_CRITERIA, criteria: [...AUDIT_CRITERIA.criteria] };
    },
  );

  app.post(
    '/api/note-app/reports',
    {
      // After the body is parsed (a body that is not JSON is a 400 to anyone, as on every route), before
      // it is validated.
      preValidation: noteAppClient(NOTES_REPORT_SCOPE),
      // A full batch of reports is larger than the 64 KiB a form may send.
      bodyLimit: REPORTS_BODY_LIMIT,
      config: {
        rateLimit: {
          // Batches per client (NOTE_REPORTS_RATE_LIMIT, 60 a minute: 30,000 notes, far above any day's).
          max: app.ctx.config.NOTE_REPORTS_RATE_LIMIT,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `note-app:${request.noteAppClientId}`,
        },
      },
      schema: {
        body: noteReportBatchSchema,
        response: {
          200: noteReportResultsSchema,
          ...errors(
            { 400: 'Not a batch of 1 to 500 reports: nothing is accepted' },
            { 401: 'No client-credentials token, or one that is expired or unknown' },
            { 403: 'The token lacks the notes:report scope' },
            { 413: 'The request body is larger than 1 MiB' },
            429,
          ),
        },
      },
    },
    async (request) => reports.ingest(request.noteAppClientId!, request.body.reports),
  );
};
