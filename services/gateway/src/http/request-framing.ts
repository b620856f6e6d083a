import type { RequestHandler } from 'express';
import { AppError } from '@cardirect/service-kit';

/** The methods whose requests carry a body; the product sends none on any other. */
const methodsWithBody = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Refuses (400) a request that carries a body on a method that takes none: any Transfer-Encoding,
 * or a Content-Length above 0, on a GET, HEAD, DELETE, OPTIONS or any other method. Such a body
 * has no meaning to the product, and it is how a request is smuggled inside another: a proxy that
 * passes it on unframed makes the service read it as the next request on a kept-alive connection.
 */
export function refuseBodiesOnBodilessMethods(): RequestHandler {
  return (req, res, next) => {
    if (methodsWithBody.has(req.method)) {
      next();
      return;
    }
    const length = req.headers['content-length'];
    const carriesBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (!carriesBody) {
      next();
      return;
    }
    // The unread body must not be taken for the next request on this connection either.
    res.setHeader('Connection', 'close');
    next(new AppError(400, `A ${req.method} request must not carry a body`));
  };
}
