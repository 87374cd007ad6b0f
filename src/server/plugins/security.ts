import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { forbidden } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request carries its own proof (a signed token in the URL), so another site may
     * send it: RFC 8058 one-click unsubscribe is posted by mail providers. Only that route.
     */
    anyOrigin?: boolean;
  }
}

/** The security headers of every answer (also the ones Fastify gives before routing). */
export function helmetOptions(config: Config) {
  // Stripe.js, its card iframe and 3-D Secure pages load from Stripe when Elements is on.
  const stripe = config.stripe.secretKey && config.stripe.publishableKey;
  const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeApi = stripe ? ['https://api.stripe.com'] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        connectSrc: ["'self'", ...stripeApi],
        frameSrc: stripeFrames.length ? stripeFrames : ["'none'"],
        fontSrc: ["'self'", 'data:'],
        // The installable app: its service worker and web app manifest (decision 0052).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Media is embedded by the app only; the SPA needs no cross-origin isolation.
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  };
}

/** Security headers, and refusal of state-changing requests from other sites. */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  // Built once: @fastify/helmet rebuilt helmet's middleware (parsing every CSP directive) on
  // each request, a twentieth of the CPU of a cached feed page (decision 0027).
  const securityHeaders = helmet(helmetOptions(config));
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  const allowedOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.anyOrigin) return;
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw forbidden('Cross-site request refused');
    const origin = request.headers.origin;
    if (!origin) return; // Non-browser clients; browsers always send Origin on these methods.
    if (origin === allowedOrigin) return;
    // Same host as the request (e.g. reached through 127.0.0.1 instead of localhost).
    const host = request.headers.host;
    if (host && safeHost(origin) === host) return;
    throw forbidden('Cross-site request refused');
  });
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
