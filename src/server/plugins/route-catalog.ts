import type { FastifyInstance, FastifySchema } from 'fastify';

/** One registered route as declared: what the fuzz and route-walk tests derive requests from. */
export type CatalogRoute = {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** 'user' / 'moderator' when the route needs a login / the role (plugins/authentication.ts). */
  auth: 'user' | 'moderator' | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, filled as routes are registered (so new routes join by themselves). */
    routeCatalog: CatalogRoute[];
  }
}

/**
 * Must be registered before any route. HEAD twins of GET routes are left out, and so are the
 * files of the web build (one route each, marked `schema.hide` by @fastify/static): they take
 * no input, and exist only when the app has been built.
 */
export function registerRouteCatalog(app: FastifyInstance) {
  const routes: CatalogRoute[] = [];
  app.decorate('routeCatalog', routes);
  app.addHook('onRoute', (route) => {
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        schema: route.schema,
        auth: route.config?.auth,
      });
    }
  });
}
