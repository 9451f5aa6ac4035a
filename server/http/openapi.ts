// The OpenAPI document at /api/docs, generated from the same zod schemas the routes
// bind with: every declared call, its parameters with their Persian labels, and the
// permission it needs.
import type { HTTPMethods } from 'fastify';
import { z } from 'zod';

interface RouteDoc {
  methods: HTTPMethods[];
  path: string;
  params: z.ZodObject;
  auth: 'public' | 'user';
  permission?: string | string[];
}

// Keyed, so building the app twice in one process (tests) documents each call once.
const routes = new Map<string, RouteDoc>();

export function documentRoute(doc: RouteDoc) {
  routes.set(`${doc.methods.join(',')} ${doc.path}`, doc);
}

function parameterSchema(params: z.ZodObject) {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, schema] of Object.entries(params.shape) as Array<[string, z.ZodType]>) {
    properties[name] = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    delete (properties[name] as Record<string, unknown>).$schema;
    if (!schema.safeParse(undefined).success) required.push(name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes.values()) {
    const schema = parameterSchema(route.params);
    const entry = (paths[`/api/${route.path}`] ??= {});
    for (const method of route.methods) {
      const carriesBody = method !== 'GET' && method !== 'HEAD';
      entry[method.toLowerCase()] = {
        ...(route.auth === 'user' ? { security: [{ bearer: [] }] } : {}),
        ...(route.permission ? { 'x-permission': route.permission } : {}),
        ...(carriesBody
          ? {
              requestBody: {
                content: Object.fromEntries(
                  ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'].map(
                    (type) => [type, { schema }],
                  ),
                ),
              },
            }
          : {
              parameters: Object.entries(schema.properties).map(([name, property]) => ({
                name,
                in: 'query',
                required: schema.required?.includes(name) ?? false,
                schema: property,
              })),
            }),
        responses: {
          '200': { description: 'status 1 (success) or 0 with a Persian message' },
          ...(route.auth === 'user' ? { '401': { description: 'no live session' } } : {}),
        },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dabir API',
      version: '1',
      description:
        'Parameters bind case-insensitively from the query, JSON, urlencoded or multipart bodies; paths match case-insensitively with or without a trailing slash.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
