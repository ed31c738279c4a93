import { contractJsonSchema, type JsonSchema } from '@authsvc/contracts';
import { allCatalogueEntries, type ErrorDefinition } from '@authsvc/errors';
import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';
import type { ContractClass, GatewayRoute } from './gateway-route.js';
import { routeErrors } from './route-errors.js';

/** The components entry every error answer refers to. */
export const ERROR_ANSWER_REF = '#/components/schemas/ErrorAnswer';

/** The body's media types the gateway's body parser accepts, both validated with the same contract. */
const BODY_MEDIA_TYPES = ['application/json', 'application/x-www-form-urlencoded'];

/**
 * The OpenAPI 3.1 document of the gateway's routes: paths and parameters from Nest's metadata, bodies and
 * queries as the JSON Schema of their contract classes, error answers from the catalogue. Answers whose type is
 * only a TypeScript type are described as JSON objects without fields: nothing at run time says what they hold.
 */
export function openApiDocument(routes: readonly GatewayRoute[], serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const contracts = new Contracts();
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route, contracts) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'authsvc',
      version: '1.0.0',
      description: 'The REST surface of the authsvc gateway, wire-compatible with the better-auth 1.7 client.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: { schemas: { ...contracts.schemas, ErrorAnswer: errorAnswerSchema() } },
  };
}

/** The contract classes' schemas, each once in the components, referred to by its class name. */
class Contracts {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly named = new Map<string, ContractClass>();

  ref(contract: ContractClass): JsonSchema {
    const holder = this.named.get(contract.name);
    if (holder && holder !== contract) throw new Error(`two contract classes are named ${contract.name}`);
    if (!holder) {
      this.named.set(contract.name, contract);
      this.schemas[contract.name] = contractJsonSchema(contract);
    }
    return { $ref: `#/components/schemas/${contract.name}` };
  }
}

function operationOf(route: GatewayRoute, contracts: Contracts): JsonSchema {
  const body = route.body && contracts.ref(route.body);
  return {
    operationId: operationIdOf(route),
    tags: [tagOf(route.path)],
    parameters: parametersOf(route),
    ...(body && {
      requestBody: {
        required: true,
        content: Object.fromEntries(BODY_MEDIA_TYPES.map((type) => [type, { schema: body }])),
      },
    }),
    responses: {
      [String(route.successStatus)]: successOf(route, contracts),
      ...errorAnswersOf(routeErrors(route)),
    },
  };
}

/** `getApiAuthGetSession`-like names are long; the method and the path below the auth API are unique enough. */
function operationIdOf({ method, path }: GatewayRoute): string {
  const below = path.startsWith(`${AUTH_BASE_PATH}/`) ? path.slice(AUTH_BASE_PATH.length) : path;
  const words = below.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0].toUpperCase() + word.slice(1))].join('');
}

function tagOf(path: string): string {
  if (!path.startsWith(`${AUTH_BASE_PATH}/`)) return path.split('/')[1];
  const first = path.slice(AUTH_BASE_PATH.length + 1).split('/')[0];
  return first === 'organization' || first === 'admin' ? first : 'auth';
}

function parametersOf(route: GatewayRoute): JsonSchema[] {
  const inPath = route.pathParameters.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const named = route.queryNames.map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } }));
  const contract = route.query ? contractJsonSchema(route.query) : undefined;
  const required = new Set((contract?.required as string[] | undefined) ?? []);
  const fields = Object.entries((contract?.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: withoutNull(schema),
  }));
  return [...inPath, ...fields, ...named];
}

/** A query value is a string or absent, never null: what the contract admits as null arrives as absent. */
function withoutNull({ type, enum: values, ...rest }: JsonSchema): JsonSchema {
  const types = Array.isArray(type) ? type.filter((item) => item !== 'null') : type;
  return {
    ...(types !== undefined && { type: Array.isArray(types) && types.length === 1 ? types[0] : types }),
    ...(Array.isArray(values) && { enum: values.filter((value) => value !== null) }),
    ...rest,
  };
}

function successOf(route: GatewayRoute, contracts: Contracts): JsonSchema {
  if (route.contentType !== 'application/json') {
    return { description: 'A page.', content: { [route.contentType]: { schema: { type: 'string' } } } };
  }
  if (route.writesOwnAnswer) {
    return { description: 'JSON the handler writes itself (its shape is in the docs).', content: json({}) };
  }
  if (route.answerClass) return { description: 'The answer.', content: json(contracts.ref(route.answerClass)) };
  return {
    description: 'A JSON object (its fields are those of the better-auth client).',
    content: json({ type: 'object' }),
  };
}

function errorAnswersOf(errors: readonly ErrorDefinition[]): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorDefinition[]>();
  for (const error of errors) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  const answers: Record<string, JsonSchema> = {};
  for (const [status, entries] of [...byStatus].sort(([a], [b]) => a - b)) {
    answers[String(status)] = {
      description: entries.map(({ code, message }) => `${code}: ${message}`).join('; '),
      content: {
        'application/json': {
          schema: { $ref: ERROR_ANSWER_REF },
          examples: Object.fromEntries(
            entries.map(({ code, message }, index) => [
              entries.findIndex((entry) => entry.code === code) === index ? code : `${code}_${index}`,
              { value: { message, code } },
            ]),
          ),
        },
      },
    };
  }
  answers.default = {
    description: 'Another catalogue error, decided by the domain (a wrong password, a missing member, …).',
    content: { 'application/json': { schema: { $ref: ERROR_ANSWER_REF } } },
  };
  return answers;
}

/** `{message, code}`, with every code of the catalogue. */
function errorAnswerSchema(): JsonSchema {
  return {
    type: 'object',
    required: ['message', 'code'],
    properties: {
      message: { type: 'string' },
      code: { enum: [...new Set(allCatalogueEntries().map(({ code }) => code))].sort() },
    },
  };
}

function json(schema: JsonSchema): JsonSchema {
  return { 'application/json': { schema } };
}
