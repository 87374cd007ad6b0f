import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * Issue 22 item 1: the OpenAPI document the app serves, and an independent check (Ajv, JSON
 * Schema 2020-12 as OpenAPI 3.1 uses it) of real answers against what it declares.
 */

type Responses = Record<
  string,
  { description: string; content?: Record<string, { schema: object }>; headers?: object }
>;
export type Operation = {
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses: Responses;
};
export type OpenApiDocument = {
  openapi: string;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; securitySchemes: Record<string, object> };
};

export async function openApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`openapi.json: ${response.statusCode}`);
  return response.json() as OpenApiDocument;
}

/** `/api/dares/:id` as the document writes it: `/api/dares/{id}`. */
export const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const DOCUMENT_ID = 'https://darefund.test/openapi.json';
/** A JSON pointer segment inside a URI fragment (RFC 6901, then percent-encoded). */
const pointerSegment = (segment: string) =>
  encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/**
 * Checks answers against the document: the status must be one the operation declares, and a
 * JSON body must validate against that status's schema. The whole document is added to Ajv
 * once, so `#/components/schemas/...` references resolve as they do in the document.
 * Returns what is wrong (nothing when the answer is as documented).
 */
export function answerChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // OpenAPI's own format for file parts of multipart bodies.
  ajv.addFormat('binary', true);
  ajv.addSchema(document, DOCUMENT_ID);
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();
  const validatorAt = (pointer: string) => {
    const ref = `${DOCUMENT_ID}#/${pointer}/schema`;
    if (!validators.has(ref)) validators.set(ref, ajv.compile({ $ref: ref }));
    return validators.get(ref)!;
  };

  return function problemsOf(
    method: string,
    routeUrl: string,
    response: LightMyRequestResponse,
  ): string[] {
    const path = toOpenApiPath(routeUrl);
    const verb = method.toLowerCase();
    const operation = document.paths[path]?.[verb];
    if (!operation) return [`${method} ${path} is not in the document`];
    const status = String(response.statusCode);
    const declared = operation.responses[status];
    if (!declared) {
      return [`${method} ${path} answered ${status}, which it does not declare: ${response.body}`];
    }
    if (!declared.content) {
      return response.body === '' ? [] : [`${method} ${path} ${status} has an undeclared body`];
    }
    if (!declared.content['application/json']) return [];
    const pointer = ['paths', path, verb, 'responses', status, 'content', 'application/json']
      .map(pointerSegment)
      .join('/');
    const validate = validatorAt(pointer);
    if (validate(response.json())) return [];
    return [
      `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)} in ${response.body.slice(0, 300)}`,
    ];
  };
}
