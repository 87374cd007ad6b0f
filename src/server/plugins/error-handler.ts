import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { helmetOptions } from './security';

/** Turns every failure into `{ message }` with a fitting status (DESIGN.md section 3). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A service we depend on failed (storage): expected now and then, not a bug.
      if (error.cause !== undefined) {
        request.log.warn({ err: error.cause, code: error.code }, error.message);
      }
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({ message: first?.message ?? 'Invalid request' });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply.status(413).send({ message: 'The request is too large' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: 'The request body is not valid JSON' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ message: 'Unsupported content type' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  });
}

/**
 * Fastify's `frameworkErrors`: failures found before routing (a badly encoded URL such as
 * `/api/dares/%E0%A4%A`). No route hook runs for them, so the security headers are set here;
 * the answer is the usual `{ message }`.
 */
export function frameworkErrors(config: Config) {
  const securityHeaders = helmet(helmetOptions(config));
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    securityHeaders(request.raw, reply.raw, () => {});
    if (error.code === 'FST_ERR_BAD_URL') {
      return reply.status(400).send({ message: 'Malformed URL' });
    }
    // A parameter longer than the router allows (414); there are no async constraints.
    return reply.status(error.statusCode ?? 400).send({ message: 'The address is too long' });
  };
}
