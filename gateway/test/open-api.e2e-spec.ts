import { contractJsonSchema, type JsonSchema } from '@authsvc/contracts';
import { allCatalogueEntries, RequestErrors } from '@authsvc/errors';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { request, randomClientIp, type JsonResponse } from './support/http.js';
import { mappedRoutes, type MappedRoute } from './support/mapped-routes.js';
import { OPEN_API_31_STRUCTURE } from './support/open-api-structure.js';
import { TestStack } from './support/test-stack.js';

const SCHEMA_PATH = '/api/auth/open-api/generate-schema';
const ERROR_ANSWER = '#/components/schemas/ErrorAnswer';
/** What the gateway answers before a handler decides anything: the document must name these per route. */
const TRANSPORT_CODES = new Set(
  [
    RequestErrors.INVALID_BODY,
    RequestErrors.INVALID_JSON,
    RequestErrors.UNAUTHORIZED,
    RequestErrors.MISSING_OR_NULL_ORIGIN,
    RequestErrors.INVALID_ORIGIN,
    RequestErrors.TOO_MANY_REQUESTS,
    RequestErrors.SERVICE_UNAVAILABLE,
  ].map(({ code }) => code),
);

type Operation = {
  operationId: string;
  parameters: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
};
type Document = JsonSchema & {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};

function operationsOf(document: Document): [key: string, path: string, method: string, operation: Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, path, method, operation]),
  );
}

/** `$ref` into the document's components, or the schema itself. */
function resolved(document: Document, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const target = document.components.schemas[ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`${ref} does not resolve`);
  return target;
}

/** Whether an answer is the router's own 404, which a path no route matches gets. */
function unrouted(answer: JsonResponse): boolean {
  const body = answer.body as { code?: string } | string;
  return answer.status === 404 && typeof body === 'object' && body.code === RequestErrors.NOT_FOUND.code;
}

describe('the OpenAPI document (GET /api/auth/open-api/generate-schema) and the reference page', () => {
  let stack: TestStack;
  let document: Document;
  const ajv = new Ajv2020({ strict: false, allowUnionTypes: true });
  addFormats(ajv);

  /** Each operation asked once as a client would, without credentials: an empty JSON body for a POST. */
  const answers = new Map<string, JsonResponse>();
  const probe = (method: string, path: string) =>
    request(stack.url(path.replace(/\{\w+\}/g, 'x')), {
      method,
      headers: {
        origin: stack.baseUrl,
        'x-forwarded-for': randomClientIp(),
        ...(method === 'POST' && { 'content-type': 'application/json' }),
      },
      ...(method === 'POST' && { body: '{}' }),
    });

  beforeAll(async () => {
    // With the mailbox on, its routes answer: a disabled one answers the same 404 as an unmapped path.
    stack = await TestStack.start({ DEV_MAILBOX_ENABLED: 'true' });
    const answer = await request<Document>(stack.url(SCHEMA_PATH));
    expect(answer.status).toBe(200);
    document = answer.body;
    for (const [key, path, method] of operationsOf(document)) answers.set(key, await probe(method.toUpperCase(), path));
  });

  afterAll(() => stack?.stop());

  it('is an OpenAPI 3.1 document: required fields, unique operation ids, declared path parameters, valid schemas', () => {
    const structure = ajv.compile(OPEN_API_31_STRUCTURE);
    expect(structure(document) ? [] : structure.errors).toEqual([]);
    const ids = operationsOf(document).map(([, , , operation]) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [key, path, , operation] of operationsOf(document)) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = operation.parameters.filter((parameter) => parameter.in === 'path').map(({ name }) => name);
      expect({ key, declared }).toEqual({ key, declared: templated });
    }
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      expect({ name, valid: ajv.validateSchema(schema) }).toEqual({ name, valid: true });
    }
  });

  it('documents every route the gateway maps, and no other', () => {
    const documented = operationsOf(document).map(([key]) => key);
    expect(documented.sort()).toEqual(
      mappedRoutes()
        .map(({ key }) => key)
        .sort(),
    );
  });

  it('documents only routes the running gateway serves', async () => {
    const unserved = [...answers].filter(([, answer]) => unrouted(answer)).map(([key]) => key);
    expect(unserved).toEqual([]);
    // The probe tells a path no route maps apart.
    expect(unrouted(await probe('POST', '/api/auth/no-such-route'))).toBe(true);
  });

  it("gives every body its contract class's JSON Schema, as JSON and as a form", () => {
    const withBody = mappedRoutes().filter((route): route is MappedRoute & { body: new () => object } =>
      Boolean(route.body),
    );
    expect(withBody.length).toBeGreaterThan(40);
    for (const { key, path, method, body } of withBody) {
      const content = document.paths[path][method.toLowerCase()].requestBody?.content ?? {};
      for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
        const schema = content[type] && resolved(document, content[type].schema);
        expect({ key, type, schema }).toEqual({ key, type, schema: contractJsonSchema(body) });
      }
    }
  });

  it("agrees with the gateway's validation: an empty body is refused with VALIDATION_ERROR where its schema refuses it", () => {
    for (const [key, , , operation] of operationsOf(document)) {
      const body = operation.requestBody?.content['application/json'];
      if (!body) continue;
      const accepts = ajv.validate(resolved(document, body.schema), {});
      const code = (answers.get(key)!.body as { code?: string }).code;
      expect({ key, refused: code === RequestErrors.INVALID_BODY.code }).toEqual({ key, refused: !accepts });
    }
  });

  it("answers every error with the catalogue's {message, code} and documents the statuses it answered", () => {
    const errorAnswer = ajv.compile(resolved(document, { $ref: ERROR_ANSWER }));
    expect(errorAnswer({ message: 'x', code: 'NO_SUCH_CODE' })).toBe(false);
    for (const [key, , , operation] of operationsOf(document)) {
      const { responses } = operation;
      expect({ key, errors: Object.keys(responses).filter((status) => /^[45]|default/.test(status)) }).toEqual({
        key,
        errors: expect.arrayContaining(['500', 'default']) as unknown,
      });
      for (const [status, response] of Object.entries(responses)) {
        if (!/^[45]|default/.test(status)) continue;
        expect({ key, status, schema: response.content?.['application/json'].schema }).toEqual({
          key,
          status,
          schema: { $ref: ERROR_ANSWER },
        });
      }
      const answer = answers.get(key)!;
      if (answer.status < 400) continue;
      expect({ key, body: answer.body, valid: errorAnswer(answer.body) }).toEqual({
        key,
        body: answer.body,
        valid: true,
      });
      // An error of the transport is documented at its status, by name; the domain's under `default`.
      const { code } = answer.body as { code: string };
      const documented = TRANSPORT_CODES.has(code) ? responses[String(answer.status)]?.description : undefined;
      expect({ key, code, documented }).toEqual({
        key,
        code,
        documented: TRANSPORT_CODES.has(code) ? expect.stringContaining(code) : undefined,
      });
    }
  });

  it('names every catalogue code in the error schema', () => {
    const codes = (resolved(document, { $ref: ERROR_ANSWER }).properties as { code: { enum: string[] } }).code.enum;
    expect(new Set(codes)).toEqual(new Set(allCatalogueEntries().map(({ code }) => code)));
  });

  it('serves the reference page: Scalar from its CDN alone, pointed at the document', async () => {
    const page = await request<string>(stack.url('/api/auth/reference'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = (page.headers.get('content-security-policy') ?? '').split(/;\s*/);
    expect(policy).toContain("default-src 'none'");
    expect(policy.filter((directive) => directive.startsWith('script-src'))).toEqual([
      'script-src https://cdn.jsdelivr.net',
    ]);
    expect(page.body).toContain('<script src="https://cdn.jsdelivr.net/npm/@scalar/api-reference"></script>');
    expect(page.body).toContain(`data-url="${SCHEMA_PATH}"`);
    // The JSON document keeps the API's policy: the page's is for that page alone.
    expect((await request(stack.url(SCHEMA_PATH))).headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; frame-ancestors 'none'/,
    );
  });
});
