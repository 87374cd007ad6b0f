import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contracts/common';
import {
  createSubmissionSchema,
  createVoteSchema,
  submissionListQuerySchema,
  submissionListSchema,
  submissionViewSchema,
  voteResultSchema,
} from '@/contracts/submissions';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { castVote } from './cast-vote';
import { submitProof } from './create-submission';
import { listSubmissions } from './submission-views';

const errors = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/** Proofs and votes (spec section 7; DESIGN.md section 5). */
export function submissionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/submissions',
      {
        schema: {
          summary: 'The proofs of a dare (the vote split stays hidden while the vote is open).',
          tags: ['Proofs and votes'],
          querystring: submissionListQuerySchema,
          response: { 200: submissionListSchema, ...errors },
        },
      },
      async (request) => listSubmissions(ctx, request.query.dareId, request.auth?.user.id),
    );

    app.post(
      '/submissions',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Submit the proof of a dare one takes on: the vote opens.',
          tags: ['Proofs and votes'],
          body: createSubmissionSchema,
          response: { 201: submissionViewSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.status(201);
        return submitProof(ctx, signedIn(request).user.id, request.body);
      },
    );

    app.post(
      '/votes',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Vote on a proof, as a pledger of its dare.',
          tags: ['Proofs and votes'],
          body: createVoteSchema,
          response: { 200: voteResultSchema, ...errors },
        },
      },
      async (request) => castVote(ctx, signedIn(request).user.id, request.body),
    );
  };
}
