/**
 * The parts of the OpenAPI 3.1 schema (spec.openapis.org/oas/3.1) that tools rely on, as a JSON Schema: the
 * required fields of the document, path items, operations, parameters, request bodies and responses. Schemas
 * inside are checked apart, as JSON Schema 2020-12 (OpenAPI 3.1's dialect).
 */
export const OPEN_API_31_STRUCTURE = {
  type: 'object',
  required: ['openapi', 'info', 'paths'],
  properties: {
    openapi: { type: 'string', pattern: '^3\\.1\\.\\d+$' },
    info: {
      type: 'object',
      required: ['title', 'version'],
      properties: { title: { type: 'string' }, version: { type: 'string' }, description: { type: 'string' } },
    },
    servers: { type: 'array', items: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } },
    paths: {
      type: 'object',
      propertyNames: { pattern: '^/' },
      additionalProperties: { $ref: '#/$defs/pathItem' },
    },
    components: {
      type: 'object',
      properties: { schemas: { type: 'object', additionalProperties: { type: ['object', 'boolean'] } } },
    },
  },
  $defs: {
    pathItem: {
      type: 'object',
      propertyNames: { enum: ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'parameters'] },
      patternProperties: { '^(get|put|post|delete|options|head|patch|trace)$': { $ref: '#/$defs/operation' } },
    },
    operation: {
      type: 'object',
      required: ['responses'],
      properties: {
        operationId: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        parameters: { type: 'array', items: { $ref: '#/$defs/parameter' } },
        requestBody: {
          type: 'object',
          required: ['content'],
          properties: { required: { type: 'boolean' }, content: { $ref: '#/$defs/content' } },
        },
        responses: {
          type: 'object',
          minProperties: 1,
          propertyNames: { pattern: '^([1-5](\\d\\d|XX)|default)$' },
          additionalProperties: { $ref: '#/$defs/response' },
        },
      },
    },
    parameter: {
      type: 'object',
      required: ['name', 'in', 'schema'],
      properties: {
        name: { type: 'string' },
        in: { enum: ['query', 'header', 'path', 'cookie'] },
        required: { type: 'boolean' },
        schema: { type: ['object', 'boolean'] },
      },
      if: { properties: { in: { const: 'path' } } },
      then: { required: ['required'], properties: { required: { const: true } } },
    },
    response: {
      type: 'object',
      required: ['description'],
      properties: { description: { type: 'string' }, content: { $ref: '#/$defs/content' } },
    },
    content: {
      type: 'object',
      propertyNames: { pattern: '^[a-z]+/[a-z0-9.+-]+(;.*)?$' },
      additionalProperties: {
        type: 'object',
        properties: {
          schema: { type: ['object', 'boolean'] },
          examples: {
            type: 'object',
            additionalProperties: { type: 'object', required: ['value'] },
          },
        },
      },
    },
  },
} as const;
